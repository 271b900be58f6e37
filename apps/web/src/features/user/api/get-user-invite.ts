import { useQuery } from '@tanstack/react-query';
import { userInviteAnswerSchema, type UserInviteAnswer } from '@console/contracts';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

function getUserInvite(id: string, signal?: AbortSignal): Promise<UserInviteAnswer> {
  return api.get(`/user/${encodeURIComponent(id)}/invite`, { schema: userInviteAnswerSchema, signal });
}

export function useUserInvite(id: string, enabled: boolean) {
  return useQuery({
    queryKey: userKeys.invite(id),
    queryFn: ({ signal }) => getUserInvite(id, signal),
    enabled,
  });
}
