import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listResponse, userSchema, type ListResponse, type User } from '@console/contracts';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

const usersResponse = listResponse(userSchema);

function getUsers(query: Record<string, string | number>, signal?: AbortSignal): Promise<ListResponse<User>> {
  return api.get('/user', { query, schema: usersResponse, signal });
}

export function useUsers(query: Record<string, string | number>) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}
