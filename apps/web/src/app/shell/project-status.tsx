import { Badge, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { projectPaths } from '@/config/paths';
import { useRefreshAfterChanges } from '@/hooks/use-refresh-after-changes';
import { syncStatusKeys, useSyncStatus } from '@/lib/api/sync-status';

/** The header's project status: 'Unsynced changes' while the project holds changes no version has, and 'Production: vN'. */
export function ProjectStatus({ projectId }: { projectId: string }) {
  // Any change saved in the console may change whether the project has unsynced changes or what Production answers from.
  useRefreshAfterChanges(syncStatusKeys.detail(projectId));
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
