import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listResponse, projectSummarySchema, type ListResponse, type ProjectSummary } from '@console/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from '@/lib/api/project-keys';

const projectsResponse = listResponse(projectSummarySchema);

function getProjects(
  workspaceId: string,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<ListResponse<ProjectSummary>> {
  return api.get(`/workspace/${encodeURIComponent(workspaceId)}/project`, { query, schema: projectsResponse, signal });
}

export function useProjects(workspaceId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: projectKeys.list(workspaceId, query),
    queryFn: ({ signal }) => getProjects(workspaceId, query, signal),
    placeholderData: keepPreviousData,
  });
}
