import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createApiKeyBody, createdApiKeySchema, type CreateApiKeyBody, type CreatedApiKey } from '@console/contracts';
import { api } from '@/lib/api-client';
import { apiKeyKeys } from './keys';

/** POST /workspace/{id}/api-key: the answer carries the key itself, this once. */
export function createApiKey(workspaceId: string, body: CreateApiKeyBody): Promise<CreatedApiKey> {
  return api.post(`/workspace/${encodeURIComponent(workspaceId)}/api-key`, createApiKeyBody().parse(body), {
    schema: createdApiKeySchema,
  });
}

export function useCreateApiKey(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => createApiKey(workspaceId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.lists(workspaceId) }),
  });
}
