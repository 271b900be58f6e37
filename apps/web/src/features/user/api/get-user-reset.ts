import { useQuery } from '@tanstack/react-query';
import { userResetAnswerSchema, type UserResetAnswer } from '@console/contracts';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

function getUserReset(id: string, signal?: AbortSignal): Promise<UserResetAnswer> {
  return api.get(`/user/${encodeURIComponent(id)}/reset`, { schema: userResetAnswerSchema, signal });
}

export function useUserReset(id: string, enabled: boolean) {
  return useQuery({
    queryKey: userKeys.reset(id),
    queryFn: ({ signal }) => getUserReset(id, signal),
    enabled,
  });
}
