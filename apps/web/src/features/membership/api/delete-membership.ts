import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { membershipKeys } from './keys';

function deleteMembership(workspaceId: string, membershipId: string): Promise<unknown> {
  return api.delete(`/workspace/${encodeURIComponent(workspaceId)}/membership/${encodeURIComponent(membershipId)}`);
}

export function useDeleteMembership(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (membershipId: string) => deleteMembership(workspaceId, membershipId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membershipKeys.lists(workspaceId) }),
  });
}
