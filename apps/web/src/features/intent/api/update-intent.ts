import { useMutation, useQueryClient } from '@tanstack/react-query';
import { intentBody, intentSchema, type Intent, type IntentBody } from '@console/contracts';
import { api } from '@/lib/api-client';
import { intentKeys } from './keys';

export function updateIntent(id: string, body: IntentBody): Promise<Intent> {
  return api.put(`/intent/${encodeURIComponent(id)}`, intentBody.parse(body), { schema: intentSchema });
}

export function useUpdateIntent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IntentBody) => updateIntent(id, body),
    onSuccess: (intent) => {
      queryClient.setQueryData(intentKeys.detail(id), intent);
      void queryClient.invalidateQueries({ queryKey: intentKeys.lists(intent.project_id) });
    },
  });
}
