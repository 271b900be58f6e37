import { useQuery } from '@tanstack/react-query';
import { syncStatusSchema } from '@console/contracts';
import { api } from '@/lib/api-client';

/** Query keys of a project's sync status (the header's): a sync, a deploy or an edit makes it stale. */
export const syncStatusKeys = {
  detail: (projectId: string) => ['sync-status', projectId] as const,
};

/** Newest version, unsynced changes and Production's version, for the header. */
export function useSyncStatus(projectId: string | null) {
  return useQuery({
    queryKey: syncStatusKeys.detail(projectId ?? ''),
    queryFn: ({ signal }) => api.get(`/project/${encodeURIComponent(projectId!)}/sync-status`, { schema: syncStatusSchema, signal }),
    enabled: projectId !== null,
    // Another tab (or a teammate) may have synced or edited meanwhile.
    refetchOnWindowFocus: true,
  });
}
