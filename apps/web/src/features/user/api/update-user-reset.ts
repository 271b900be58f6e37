import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateUserResetBody, userResetAnswerSchema, type UpdateUserResetBody, type UserResetAnswer } from '@console/contracts';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

/** PUT /user/{id}/reset: a new reset code (optionally e-mailed). */
function updateUserReset(id: string, body: UpdateUserResetBody): Promise<UserResetAnswer> {
  return api.put(`/user/${encodeURIComponent(id)}/reset`, updateUserResetBody.parse(body), { schema: userResetAnswerSchema });
}

export function useUpdateUserReset(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserResetBody) => updateUserReset(id, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(userKeys.reset(id), answer);
      void queryClient.invalidateQueries({ queryKey: userKeys.reset(id) });
    },
  });
}
