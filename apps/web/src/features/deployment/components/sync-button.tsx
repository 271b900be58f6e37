import { IconRefresh } from '@tabler/icons-react';
import { projectPermissions, type Session } from '@console/contracts';
import { useSyncProject } from '../api/sync-project';
import { useButtonOperation } from '../button-operation';
import { OperationButton } from './operation-button';

/** Why Sync cannot run for this session, or null. */
function syncBlocker(session: Session | undefined): string | null {
  if (!session?.project) return 'Choose a project to sync it.';
  if (!projectPermissions(session.user, session.project_role).canUpdateProject) {
    return 'Syncing needs the right to update the project.';
  }
  return null;
}

/**
 * Sync: compiles the current project into a new snapshot, then reloads the
 * session so synced_at (and with it Deploy and the Real-Time Test) is fresh.
 */
export function SyncButton({ session }: { session: Session | undefined }) {
  const projectId = session?.project?.id ?? '';
  const sync = useSyncProject(projectId);
  const operation = useButtonOperation(() => sync.mutateAsync());
  const syncedAt = session?.project?.synced_at;

  return (
    <OperationButton
      operation={operation}
      labels={{ idle: 'Sync', running: 'Syncing...', done: 'Synced' }}
      icon={<IconRefresh size={16} />}
      disabledReason={syncBlocker(session)}
      hint={syncedAt ? `Last synced ${new Date(syncedAt).toLocaleString()}` : session?.project ? 'Not synced yet' : undefined}
      onClick={() => void operation.start()}
    />
  );
}
