import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

function deleteUserReset(id: string): Promise<unknown> {
  return api.delete(`/user/${encodeURIComponent(id)}/reset`);
}

export function useDeleteUserReset(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteUserReset(id),
    onSuccess: () => {
      queryClient.setQueryData(userKeys.reset(id), { reset_request: null });
      void queryClient.invalidateQueries({ queryKey: userKeys.reset(id) });
    },
  });
}
