import { Anchor } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { statusLabels, type Scenario } from '@console/contracts';
import { useListQuery, type DataTableColumn } from '@/components/data-table';
import { ProjectRecordListPage } from '@/components/project-record/project-record-list-page';
import { StatusBadge } from '@/components/status-badge';
import { projectPaths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { scenarioApi } from '../api/scenario-api';
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
      filterLabels: statusLabels,
      render: ({ scenario }) => <StatusBadge status={scenario.status} />,
    },
    { key: 'modified', header: 'Modified', sortField: 'updated_at', filterField: 'updated_at', render: ({ scenario }) => formatDateTime(scenario.updated_at) },
  ];
}

/** project/{id}/scenario: the project's scenarios (Name, Status, Modified) with filters, Create Scenario, row Delete. */
export function ScenarioListPage() {
  const { projectId = '' } = useParams();
  const list = useListQuery(scenarioApi.contracts.list);
  return (
    <ProjectRecordListPage<Scenario>
      projectId={projectId}
      title="Scenarios"
      create={<CreateScenarioButton projectId={projectId} />}
      createLabel="Create Scenario"
      columns={scenarioColumns(projectId)}
      list={list}
      query={scenarioApi.useList(projectId, list.apiQuery)}
      rowKey={({ scenario }) => scenario.id}
      rowName={({ scenario }) => scenario.display_name}
      remove={scenarioApi.useDelete(projectId)}
      confirmation={{ noun: 'Scenario' }}
    />
  );
}
