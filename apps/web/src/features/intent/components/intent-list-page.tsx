import { Anchor } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { intentList, type Intent } from '@console/contracts';
import { ConfirmDelete } from '@/components/confirm-delete';
import {
  DataTable,
  DeleteMenuItem,
  modifiedColumn,
  useListQuery,
  useRowDeletion,
  type DataTableColumn,
} from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { projectPaths } from '@/config/paths';
import { useProjectAccess } from '@/features/project/use-project-access';
import { useDeleteIntent } from '../api/delete-intent';
import { useIntents } from '../api/get-intents';
import { CreateIntentButton } from './create-intent-button';

function intentColumns(projectId: string): DataTableColumn<Intent>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortField: 'intent',
      filterField: 'intent',
      render: (intent) => (
        <Anchor component={Link} to={projectPaths.intent.to(projectId, intent.id)} size="sm">
          {intent.intent}
        </Anchor>
      ),
    },
    { key: 'utterances', header: 'Utterances', render: (intent) => intent.utterances.length },
    modifiedColumn(),
  ];
}

/** project/{id}/intent: the project's intents (Name, Utterances, Modified), Create Intent, row Delete. */
export function IntentListPage() {
  const { projectId = '' } = useParams();
  const { permissions } = useProjectAccess(projectId);
  const list = useListQuery(intentList);
  const query = useIntents(projectId, list.apiQuery);
  const deletion = useRowDeletion<Intent>(useDeleteIntent(projectId));

  return (
    <>
      <PageTitle title="Intents">{permissions.canCreateSubProject && <CreateIntentButton projectId={projectId} />}</PageTitle>
      <DataTable
        label="Intents"
        columns={intentColumns(projectId)}
        list={list}
        query={query}
        rowKey={(intent) => intent.id}
        rowName={(intent) => intent.intent}
        rowMenu={permissions.canDeleteSubProject ? (intent) => <DeleteMenuItem onClick={() => deletion.ask(intent)} /> : undefined}
      />
      <ConfirmDelete
        opened={deletion.row !== null}
        onClose={deletion.cancel}
        title="Delete Intent"
        message={deletion.row ? `Delete the intent ${deletion.row.intent}?` : undefined}
        onConfirm={deletion.confirm}
      />
    </>
  );
}
