import { Group, Select, Switch, TextInput } from '@mantine/core';
import { withChosenOption } from '@/components/data-table';
import type { DashboardFilters } from '../dashboard-filters';
import { useDeploymentOptions } from '../use-deployment-options';

interface DashboardFilterBarProps {
  projectId: string;
  filters: DashboardFilters;
  /** null removes a filter: an emptied day goes back to its default, no deployment is every deployment. */
  onChange: (name: keyof DashboardFilters, value: string | boolean | null) => void;
}

/**
 * The dashboard's range (two days in the browser's zone, each bounding the other's picker), deployment,
 * and whether the Real-Time Test's questions count.
 */
export function DashboardFilterBar({ projectId, filters, onChange }: DashboardFilterBarProps) {
  const deployments = useDeploymentOptions(projectId);

  return (
    <Group gap="sm" align="flex-end" role="search" aria-label="Dashboard filters" mb="md">
      <TextInput
        size="xs"
        type="date"
        label="From"
        value={filters.from}
        max={filters.to}
        onChange={(event) => onChange('from', event.currentTarget.value || null)}
      />
      <TextInput
        size="xs"
        type="date"
        label="To"
        value={filters.to}
        min={filters.from}
        onChange={(event) => onChange('to', event.currentTarget.value || null)}
      />
      <Select
        size="xs"
        label="Deployment"
        placeholder="All deployments"
        data={withChosenOption(deployments, filters.deploymentKey)}
        value={filters.deploymentKey}
        clearable
        searchable
        onChange={(value) => onChange('deploymentKey', value)}
        w={200}
      />
      <Switch
        size="sm"
        label="Include Real-Time Test"
        checked={filters.realtime}
        onChange={(event) => onChange('realtime', event.currentTarget.checked)}
        mb={6}
      />
    </Group>
  );
}
