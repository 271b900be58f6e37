import { Anchor } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { Scenario } from '@console/contracts';
import { ConfirmDelete } from '@/components/confirm-delete';
import { DataTable, DeleteMenuItem, useListQuery, useRowDeletion, type DataTableColumn } from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { StatusBadge } from '@/components/status-badge';
import { projectPaths } from '@/config/paths';
import { useProjectAccess } from '@/features/project/use-project-access';
import { formatDateTime } from '@/lib/format';
import { scenarioApi } from '../api/scenario-api';
import { scenarioStatusLabels } from '../scenario-labels';
import { CreateScenarioButton } from './create-scenario-button';

// A row is the scenario with its nodes: the columns read the record inside.
function scenarioColumns(projectId: string): DataTableColumn<Scenario>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortField: 'display_name',
      filterField: 'display_name',
      render: ({ scenario }) => (
        <Anchor component={Link} to={projectPaths.scenario.to(projectId, scenario.id)} size="sm">
          {scenario.display_name}
        </Anchor>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      sortField: 'status',
      filterField: 'status',
      filterLabels: scenarioStatusLabels,
      render: ({ scenario }) => <StatusBadge status={scenario.status} />,
    },
    { key: 'modified', header: 'Modified', sortField: 'updated_at', filterField: 'updated_at', render: ({ scenario }) => formatDateTime(scenario.updated_at) },
  ];
}

/** project/{id}/scenario: the project's scenarios (Name, Status, Modified) with filters, Create Scenario, row Delete. */
export function ScenarioListPage() {
  const { projectId = '' } = useParams();
  const { permissions } = useProjectAccess(projectId);
  const list = useListQuery(scenarioApi.contracts.list);
  const query = scenarioApi.useList(projectId, list.apiQuery);
  const deletion = useRowDeletion<{ id: string; name: string }>(scenarioApi.useDelete(projectId));

  return (
    <>
      <PageTitle title="Scenarios">{permissions.canCreateSubProject && <CreateScenarioButton projectId={projectId} />}</PageTitle>
      <DataTable
        label="Scenarios"
        columns={scenarioColumns(projectId)}
        list={list}
        query={query}
        rowKey={({ scenario }) => scenario.id}
        rowName={({ scenario }) => scenario.display_name}
        rowMenu={
          permissions.canDeleteSubProject
            ? ({ scenario }) => <DeleteMenuItem onClick={() => deletion.ask({ id: scenario.id, name: scenario.display_name })} />
            : undefined
        }
      />
      <ConfirmDelete
        opened={deletion.row !== null}
        onClose={deletion.cancel}
        title="Delete Scenario"
        message={deletion.row ? `Delete the scenario ${deletion.row.name}?` : undefined}
        onConfirm={deletion.confirm}
      />
    </>
  );
}
