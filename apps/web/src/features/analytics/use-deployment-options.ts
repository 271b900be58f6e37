import { useMemo } from 'react';
import { MAX_PAGE_SIZE } from '@console/contracts';
import type { FilterOption } from '@/components/data-table';
import { useDeployments } from '@/lib/api/get-deployments';

// A project has a handful of deployments: one page of the largest size names them all.
const deploymentsByName = { limit: MAX_PAGE_SIZE, sort_field: 'display_name', sort_direction: 'ascending' };

/**
 * The project's deployments as filter choices: named by display name, valued by the key events
 * record. None while they load, so the filter is a Select from the start (never a typed key).
 */
export function useDeploymentOptions(projectId: string): FilterOption[] {
  const { data } = useDeployments(projectId, deploymentsByName);
  return useMemo(() => data?.records.map((deployment) => ({ value: deployment.key, label: deployment.display_name })) ?? [], [data]);
}
