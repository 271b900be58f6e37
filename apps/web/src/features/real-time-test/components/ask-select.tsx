import { Select } from '@mantine/core';
import { useAllDeployments } from '@/lib/api/get-deployments';
import { useSyncStatus } from '@/lib/api/sync-status';

/** Whom the Real-Time Test asks: the newest sync, or a deployment (by id) and the version it answers from. */
export const NEWEST = 'newest';

/** The version the chosen deployment answers from (undefined: the newest sync, which the server picks). */
export function useAskedVersion(projectId: string, ask: string): number | undefined {
  const deployments = useAllDeployments(projectId).data?.records ?? [];
  if (ask === NEWEST) return undefined;
  return deployments.find((deployment) => deployment.id === ask)?.version ?? undefined;
}

/** 'Ask: Newest sync (version 9) | Production (version 7) | Staging (version 9)': deployments that answer from a version. */
export function AskSelect({ projectId, value, onChange }: { projectId: string; value: string; onChange: (ask: string) => void }) {
  const newest = useSyncStatus(projectId).data?.newest_version ?? null;
  const deployments = useAllDeployments(projectId).data?.records ?? [];
  const options = [
    { value: NEWEST, label: newest === null ? 'Newest sync' : `Newest sync (version ${newest})` },
    ...deployments.flatMap((deployment) =>
      deployment.version === null ? [] : [{ value: deployment.id, label: `${deployment.display_name} (version ${deployment.version})` }],
    ),
  ];
  return (
    <Select
      label="Ask"
      size="xs"
      data={options}
      value={value}
      onChange={(next) => next && onChange(next)}
      allowDeselect={false}
    />
  );
}
