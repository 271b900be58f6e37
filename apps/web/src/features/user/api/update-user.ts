import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateUserBody, userSchema, type UpdateUserBody, type User } from '@console/contracts';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

function updateUser(id: string, body: UpdateUserBody): Promise<User> {
  return api.put(`/user/${encodeURIComponent(id)}`, updateUserBody.parse(body), { schema: userSchema });
}

export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => updateUser(id, body),
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(id), user);
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      // The header shows the signed-in user's name from the session.
      void queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
