import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createMembershipBody, membershipSchema, type CreateMembershipBody, type Membership } from '@console/contracts';
import { api } from '@/lib/api-client';
import { membershipKeys } from './keys';

function createMembership(workspaceId: string, body: CreateMembershipBody): Promise<Membership> {
  return api.post(`/workspace/${encodeURIComponent(workspaceId)}/membership`, createMembershipBody.parse(body), {
    schema: membershipSchema,
  });
}

export function useCreateMembership(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMembershipBody) => createMembership(workspaceId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membershipKeys.lists(workspaceId) }),
  });
}
