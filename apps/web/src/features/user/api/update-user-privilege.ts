import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateUserPrivilegeBody, userSchema, type UpdateUserPrivilegeBody, type User } from '@console/contracts';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

function updateUserPrivilege(id: string, body: UpdateUserPrivilegeBody): Promise<User> {
  return api.put(`/user/${encodeURIComponent(id)}/privilege`, updateUserPrivilegeBody.parse(body), { schema: userSchema });
}

export function useUpdateUserPrivilege(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserPrivilegeBody) => updateUserPrivilege(id, body),
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(id), user);
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
