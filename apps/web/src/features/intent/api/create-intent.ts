import { useMutation, useQueryClient } from '@tanstack/react-query';
import { intentBody, intentSchema, type Intent, type IntentBody } from '@console/contracts';
import { api } from '@/lib/api-client';
import { intentKeys } from './keys';

export function createIntent(projectId: string, body: IntentBody): Promise<Intent> {
  return api.post(`/project/${encodeURIComponent(projectId)}/intent`, intentBody.parse(body), { schema: intentSchema });
}

export function useCreateIntent(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IntentBody) => createIntent(projectId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: intentKeys.lists(projectId) }),
  });
}
