import { useEffect } from 'react';
import { Badge, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { projectPaths } from '@/config/paths';
import { syncStatusKeys, useSyncStatus } from '@/lib/api/sync-status';

/**
 * Any change saved in the console (content, intents, settings, a sync, a deploy) may change
 * whether the project has unsynced changes or what Production answers from: the header's status is
 * read again after each, instead of every call remembering to refresh it.
 */
function useRefreshAfterChanges(projectId: string) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') {
          void queryClient.invalidateQueries({ queryKey: syncStatusKeys.detail(projectId) });
        }
      }),
    [queryClient, projectId],
  );
}

/** The header's project status: 'Unsynced changes' while the project holds changes no version has, and 'Production: vN'. */
export function ProjectStatus({ projectId }: { projectId: string }) {
  useRefreshAfterChanges(projectId);
  const status = useSyncStatus(projectId).data;
  if (!status) return null;
  const { production } = status;

  return (
    <>
      {status.has_unsynced_changes && (
        <Tooltip label="Changes saved since the last sync: visitors get them after Sync and Deploy." withArrow>
          <Badge color="orange" variant="light" tt="none" tabIndex={0} style={{ flexShrink: 0 }}>
            Unsynced changes
          </Badge>
        </Tooltip>
      )}
      {production && (
        <Badge
          component={Link}
          to={projectPaths.deployment.to(projectId, production.deployment_id)}
          variant="outline"
          color="gray"
          tt="none"
          // The status stays whole; the names beside it give way first.
          style={{ cursor: 'pointer', flexShrink: 0 }}
          title={production.version === null ? `${production.display_name} answers from no version yet` : `${production.display_name} answers from version ${production.version}`}
        >
          {production.display_name}: {production.version === null ? 'not deployed' : `v${production.version}`}
        </Badge>
      )}
    </>
  );
}
