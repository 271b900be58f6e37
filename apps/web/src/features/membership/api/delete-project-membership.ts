import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectMembershipKeys } from './keys';

function deleteProjectMembership(projectId: string, membershipId: string): Promise<unknown> {
  return api.delete(`/project/${encodeURIComponent(projectId)}/membership/${encodeURIComponent(membershipId)}`);
}

export function useDeleteProjectMembership(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (membershipId: string) => deleteProjectMembership(projectId, membershipId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectMembershipKeys.lists(projectId) }),
  });
}
