import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cloneProjectBody, projectSummarySchema, type CloneProjectBody, type ProjectSummary } from '@console/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from '@/lib/api/project-keys';

/** POST /project/{id}/clone: a copy of the project, with everything in it, in the same workspace. */
function cloneProject(id: string, body: CloneProjectBody): Promise<ProjectSummary> {
  return api.post(`/project/${encodeURIComponent(id)}/clone`, cloneProjectBody.parse(body), { schema: projectSummarySchema });
}

export function useCloneProject(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CloneProjectBody }) => cloneProject(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.lists(workspaceId) }),
  });
}
