import { useState } from 'react';
import { Anchor } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { projectPermissions, type Session, type SyncAnswer } from '@console/contracts';
import { projectPaths } from '@/config/paths';
import { useTestRun } from '@/lib/api/test-run';
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

/** The run of the test cases a sync started: its progress, then 'X of Y tests pass' linking to it. */
function SyncTestRun({ projectId, runId }: { projectId: string; runId: string }) {
  const run = useTestRun(projectId, runId).data;
  if (!run) return null;
  const done = run.finished_at !== null;
  return (
    <Anchor
      component={Link}
      to={projectPaths.testRun.to(projectId, run.id)}
      size="sm"
      c={!done ? 'dimmed' : run.failed ? 'red' : 'green'}
      role="status"
      style={{ whiteSpace: 'nowrap' }}
    >
      {done ? `${run.passed} of ${run.total} tests pass` : `Testing: ${run.passed + run.failed} / ${run.total}`}
    </Anchor>
  );
}

/**
 * Sync: compiles the current project into a new version, then reloads the session so synced_at
 * (and with it Deploy and the Real-Time Test) is fresh. It says 'Synced version N'; when the project
 * has test cases the sync runs them, and how many pass shows beside the button until the next sync.
 */
export function SyncButton({ session }: { session: Session | undefined }) {
  const projectId = session?.project?.id ?? '';
  const sync = useSyncProject(projectId);
  const [synced, setSynced] = useState<{ projectId: string; answer: SyncAnswer } | null>(null);
  const operation = useButtonOperation(async () => {
    setSynced(null);
    setSynced({ projectId, answer: await sync.mutateAsync() });
  });
  const syncedAt = session?.project?.synced_at;
  // A sync of another project says nothing about this one.
  const shown = synced?.projectId === projectId ? synced.answer : null;

  return (
    <>
      <OperationButton
        operation={operation}
        labels={{ idle: 'Sync', running: 'Syncing...', done: shown ? `Synced version ${shown.version}` : 'Synced' }}
        icon={<IconRefresh size={16} />}
        disabledReason={syncBlocker(session)}
        hint={syncedAt ? `Last synced ${new Date(syncedAt).toLocaleString()}` : session?.project ? 'Not synced yet' : undefined}
        onClick={() => void operation.start()}
      />
      {shown?.test_run_id && <SyncTestRun projectId={projectId} runId={shown.test_run_id} />}
    </>
  );
}
