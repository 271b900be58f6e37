import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listResponse, readableProjectSchema, type ListResponse, type ReadableProject } from '@console/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from '@/lib/api/project-keys';

const readableProjectsResponse = listResponse(readableProjectSchema);

/** GET /project: the projects the caller can read, across workspaces. */
function getReadableProjects(query: Record<string, string | number>, signal?: AbortSignal): Promise<ListResponse<ReadableProject>> {
  return api.get('/project', { query, schema: readableProjectsResponse, signal });
}

export function useReadableProjects(query: Record<string, string | number>) {
  return useQuery({
    queryKey: projectKeys.readable(query),
    queryFn: ({ signal }) => getReadableProjects(query, signal),
    placeholderData: keepPreviousData,
  });
}
