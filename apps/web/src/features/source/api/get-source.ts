import { useQuery } from '@tanstack/react-query';
import { sourceSchema, type Source } from '@console/contracts';
import { api } from '@/lib/api-client';
import { sourceKeys } from './keys';

function getSource(id: string, signal?: AbortSignal): Promise<Source> {
  return api.get(`/source/${encodeURIComponent(id)}`, { schema: sourceSchema, signal });
}

export function useSource(id: string | undefined) {
  return useQuery({
    queryKey: sourceKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getSource(id!, signal),
    enabled: Boolean(id),
  });
}
