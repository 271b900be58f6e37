import { useMemo } from 'react';
import { Select } from '@mantine/core';
import { withChosenOption } from '@/components/data-table';
import { useAllDeployments } from '@/lib/api/get-deployments';

interface DeploymentSelectProps {
  projectId: string;
  /** The chosen deployment's key; null for every deployment. */
  value: string | null;
  onChange: (key: string | null) => void;
}

/**
 * A filter's deployment: one of the project's, named by display name and valued by the key events
 * record, or (cleared) all of them. A key no deployment has (a stale link) stays shown as typed.
 */
export function DeploymentSelect({ projectId, value, onChange }: DeploymentSelectProps) {
  const { data } = useAllDeployments(projectId);
  const options = useMemo(() => data?.records.map((deployment) => ({ value: deployment.key, label: deployment.display_name })) ?? [], [data]);
  return (
    <Select
      size="xs"
      label="Deployment"
      placeholder="All deployments"
      data={withChosenOption(options, value)}
      value={value}
      clearable
      searchable
      onChange={onChange}
      w={200}
    />
  );
}
