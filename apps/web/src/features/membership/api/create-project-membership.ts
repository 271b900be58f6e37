import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createMembershipBody, projectMembershipSchema, type CreateMembershipBody, type ProjectMembership } from '@console/contracts';
import { api } from '@/lib/api-client';

/** POST /project/{id}/membership: an existing user by e-mail, with a role in this project. */
function createProjectMembership(projectId: string, body: CreateMembershipBody): Promise<ProjectMembership> {
  return api.post(`/project/${encodeURIComponent(projectId)}/membership`, createMembershipBody.parse(body), {
    schema: projectMembershipSchema,
  });
}

export function useCreateProjectMembership(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMembershipBody) => createProjectMembership(projectId, body),
    // Adding a member reloads every query, so roles shown anywhere are fresh.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
