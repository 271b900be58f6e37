import { useQuery } from '@tanstack/react-query';
import { contentSchema, type Content } from '@console/contracts';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

export function getContent(id: string, signal?: AbortSignal): Promise<Content> {
  return api.get(`/content/${encodeURIComponent(id)}`, { schema: contentSchema, signal });
}

export function useContent(id: string) {
  return useQuery({
    queryKey: contentKeys.detail(id),
    queryFn: ({ signal }) => getContent(id, signal),
    enabled: Boolean(id),
  });
}
