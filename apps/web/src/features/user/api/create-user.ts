import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createUserBody, userSchema, type CreateUserBody, type User } from '@console/contracts';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

function createUser(body: CreateUserBody): Promise<User> {
  return api.post('/user', createUserBody.parse(body), { schema: userSchema });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
