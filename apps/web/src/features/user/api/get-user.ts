import { useQuery } from '@tanstack/react-query';
import { userSchema, type User } from '@console/contracts';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

function getUser(id: string, signal?: AbortSignal): Promise<User> {
  return api.get(`/user/${encodeURIComponent(id)}`, { schema: userSchema, signal });
}

export function useUser(id: string | undefined) {
  return useQuery({
    queryKey: userKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getUser(id!, signal),
    enabled: Boolean(id),
  });
}
