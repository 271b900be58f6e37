import { useMutation } from '@tanstack/react-query';
import { updateUserPasswordBody, type UpdateUserPasswordBody } from '@console/contracts';
import { api } from '@/lib/api-client';

function updateUserPassword(id: string, body: UpdateUserPasswordBody): Promise<unknown> {
  return api.put(`/user/${encodeURIComponent(id)}/password`, updateUserPasswordBody.parse(body));
}

export function useUpdateUserPassword(id: string) {
  return useMutation({ mutationFn: (body: UpdateUserPasswordBody) => updateUserPassword(id, body) });
}
