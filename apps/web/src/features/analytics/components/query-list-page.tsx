import { useState } from 'react';
import { Anchor, Button, Group } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { conversationList, queryList, type EventRecord } from '@console/contracts';
import { DataTable, useListQuery, type DataTableColumn } from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { projectPaths } from '@/config/paths';
import { useProjectAccess } from '@/hooks/use-project-access';
import { exploreLink } from '../analytics-links';
import { useQueryLog } from '../api/get-query-log';
import { inputMethodLabels, integrationTypeLabels } from '../event-labels';
import { useDeploymentOptions } from '../use-deployment-options';
import { AddToTestsDialog, AddToTestsMenuItem } from './add-to-tests';
import { dataTypeFilter, deploymentFilter, queryDateColumn, responseTypeColumn } from './event-columns';
import { ExportQueryLogButton } from './export-query-log-button';

function queryColumns(projectId: string): DataTableColumn<EventRecord>[] {
  return [
    {
      key: 'utterance',
      header: 'Utterance',
      render: (event) => (
        <Anchor component={Link} to={projectPaths.conversation.to(projectId, event.conv_id)} size="sm">
          {event.utterance}
        </Anchor>
      ),
    },
    responseTypeColumn(projectId),
    queryDateColumn(),
    {
      key: 'integration_type',
      header: 'Integration',
      filterField: 'integration_type',
      filterLabels: integrationTypeLabels,
      render: (event) => integrationTypeLabels[event.integration_type],
    },
    {
      key: 'input_method',
      header: 'Input',
      filterField: 'input_method',
      filterLabels: inputMethodLabels,
      render: (event) => inputMethodLabels[event.input_method],
    },
  ];
}

/**
 * project/{id}/query: the query log, one row per event, newest first; each row
 * opens its conversation, and a response's menu adds it to the tests, for those who may. Explore By
 * Conversation keeps the filters; Export as JSON exports them.
 */
export function QueryListPage() {
  const { projectId = '' } = useParams();
  const [params] = useSearchParams();
  const list = useListQuery(queryList);
  const query = useQueryLog(projectId, list.apiQuery);
  const deployments = useDeploymentOptions(projectId);
  const { permissions } = useProjectAccess(projectId);
  const [adding, setAdding] = useState<EventRecord | null>(null);

  return (
    <>
      <PageTitle title="Query Log">
        <Group gap="xs" align="flex-start">
          <Button
            component={Link}
            to={exploreLink(projectPaths.conversations.to(projectId), params, conversationList)}
            variant="default"
            leftSection={<IconMessages size={16} />}
          >
            Explore By Conversation
          </Button>
          <ExportQueryLogButton projectId={projectId} list={list} />
        </Group>
      </PageTitle>
      <DataTable
        label="Query Log"
        columns={queryColumns(projectId)}
        filters={[dataTypeFilter, deploymentFilter(deployments)]}
        list={list}
        query={query}
        rowKey={(event) => event.id}
        rowName={(event) => event.utterance}
        rowMenu={permissions.canCreateSubProject ? (event) => event.data_type === 'response' && <AddToTestsMenuItem onClick={() => setAdding(event)} /> : undefined}
        empty={{ title: 'No queries yet.', hint: "They appear once visitors ask through one of the project's deployments." }}
      />
      <AddToTestsDialog projectId={projectId} event={adding} onClose={() => setAdding(null)} />
    </>
  );
}
