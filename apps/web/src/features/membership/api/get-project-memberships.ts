import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listResponse, projectMembershipSchema, type ListResponse, type ProjectMembership } from '@console/contracts';
import { api } from '@/lib/api-client';
import { projectMembershipKeys } from './keys';

const projectMembershipsResponse = listResponse(projectMembershipSchema);

/** GET /project/{id}/membership: everyone with a role in the project, directly or through the workspace. */
function getProjectMemberships(
  projectId: string,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<ListResponse<ProjectMembership>> {
  return api.get(`/project/${encodeURIComponent(projectId)}/membership`, {
    query,
    schema: projectMembershipsResponse,
    signal,
  });
}

export function useProjectMemberships(projectId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: projectMembershipKeys.list(projectId, query),
    queryFn: ({ signal }) => getProjectMemberships(projectId, query, signal),
    placeholderData: keepPreviousData,
  });
}
