import { useMutation, useQueryClient } from '@tanstack/react-query';
import { joinWorkspaceBody, membershipSchema, type JoinWorkspaceBody, type Membership } from '@console/contracts';
import { api } from '@/lib/api-client';
import { workspaceKeys } from '@/lib/api/workspace-keys';
import { membershipKeys } from './keys';

/** POST /workspace/{id}/membership/self: a super user joins with a role. */
function joinWorkspace(workspaceId: string, body: JoinWorkspaceBody): Promise<Membership> {
  return api.post(`/workspace/${encodeURIComponent(workspaceId)}/membership/self`, joinWorkspaceBody.parse(body), {
    schema: membershipSchema,
  });
}

export function useJoinWorkspace(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JoinWorkspaceBody) => joinWorkspace(workspaceId, body),
    onSuccess: () => {
      // The caller's role changed: memberships, the workspace (its role) and the session.
      void queryClient.invalidateQueries({ queryKey: membershipKeys.lists(workspaceId) });
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
