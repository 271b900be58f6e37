import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiKeyKeys } from './keys';

export function deleteApiKey(id: string): Promise<unknown> {
  return api.delete(`/api-key/${encodeURIComponent(id)}`);
}

export function useDeleteApiKey(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.lists(workspaceId) }),
  });
}
