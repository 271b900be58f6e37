import { useMutation, useQueryClient } from '@tanstack/react-query';
import { syncAnswerSchema, type SyncAnswer } from '@console/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from '@/lib/api/project-keys';
import { syncStatusKeys } from '@/lib/api/sync-status';
import { testRunKeys } from '@/lib/api/test-run';
import { versionKeys } from '@/lib/api/version';

/** POST /project/{id}/sync: compiles the project into a new version, sets synced_at, and runs its test cases. */
function syncProject(projectId: string): Promise<SyncAnswer> {
  return api.post(`/project/${encodeURIComponent(projectId)}/sync`, undefined, { schema: syncAnswerSchema });
}

/** Sync, then reload the session so synced_at, and with it Deploy, is fresh. */
export function useSyncProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => syncProject(projectId),
    onSuccess: async () => {
      // The workspace's project list shows Synced; the versions, the header's status and the runs gain the new version.
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      void queryClient.invalidateQueries({ queryKey: versionKeys.lists(projectId) });
      void queryClient.invalidateQueries({ queryKey: syncStatusKeys.detail(projectId) });
      void queryClient.invalidateQueries({ queryKey: testRunKeys.lists(projectId) });
      // Awaited: the button keeps its progress until the session says the project is synced.
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
