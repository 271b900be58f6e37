import { useQuery } from '@tanstack/react-query';
import { intentSchema, type Intent } from '@console/contracts';
import { api } from '@/lib/api-client';
import { intentKeys } from './keys';

export function getIntent(id: string, signal?: AbortSignal): Promise<Intent> {
  return api.get(`/intent/${encodeURIComponent(id)}`, { schema: intentSchema, signal });
}

export function useIntent(id: string) {
  return useQuery({
    queryKey: intentKeys.detail(id),
    queryFn: ({ signal }) => getIntent(id, signal),
    enabled: Boolean(id),
  });
}
