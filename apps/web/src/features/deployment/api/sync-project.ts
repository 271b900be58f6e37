import { useMutation, useQueryClient } from '@tanstack/react-query';
import { syncAnswerSchema, type SyncAnswer } from '@console/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from '@/lib/api/project-keys';

/** POST /project/{id}/sync: compiles the project into a new snapshot and sets synced_at. */
function syncProject(projectId: string): Promise<SyncAnswer> {
  return api.post(`/project/${encodeURIComponent(projectId)}/sync`, undefined, { schema: syncAnswerSchema });
}

/** Sync, then reload the session so synced_at, and with it Deploy, is fresh. */
export function useSyncProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => syncProject(projectId),
    onSuccess: async () => {
      // The workspace's project list shows Synced.
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      // Awaited: the button keeps its progress until the session says the project is synced.
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
