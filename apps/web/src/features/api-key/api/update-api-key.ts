import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeySchema, updateApiKeyBody, type ApiKey, type UpdateApiKeyBody } from '@console/contracts';
import { api } from '@/lib/api-client';
import { apiKeyKeys } from './keys';

export function updateApiKey(id: string, body: UpdateApiKeyBody): Promise<ApiKey> {
  return api.put(`/api-key/${encodeURIComponent(id)}`, updateApiKeyBody.parse(body), { schema: apiKeySchema });
}

export function useUpdateApiKey(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateApiKeyBody }) => updateApiKey(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.lists(workspaceId) }),
  });
}
