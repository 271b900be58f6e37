import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createProjectBody, projectSummarySchema, type CreateProjectBody, type ProjectSummary } from '@console/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from '@/lib/api/project-keys';

function createProject(workspaceId: string, body: CreateProjectBody): Promise<ProjectSummary> {
  return api.post(`/workspace/${encodeURIComponent(workspaceId)}/project`, createProjectBody.parse(body), {
    schema: projectSummarySchema,
  });
}

export function useCreateProject(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProjectBody) => createProject(workspaceId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.lists(workspaceId) }),
  });
}
