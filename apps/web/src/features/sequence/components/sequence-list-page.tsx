import { Anchor } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { Sequence } from '@console/contracts';
import { ConfirmDelete } from '@/components/confirm-delete';
import { DataTable, DeleteMenuItem, modifiedColumn, useListQuery, useRowDeletion, type DataTableColumn } from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { projectPaths } from '@/config/paths';
import { useProjectAccess } from '@/features/project/use-project-access';
import { sequenceApi } from '../api/sequence-api';
import { CreateSequenceButton } from './create-sequence-button';

function sequenceColumns(projectId: string): DataTableColumn<Sequence>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      filterField: 'name',
      render: (sequence) => (
        <Anchor component={Link} to={projectPaths.sequence.to(projectId, sequence.id)} size="sm">
          {sequence.name}
        </Anchor>
      ),
    },
    modifiedColumn({ filterable: true }),
  ];
}

/** project/{id}/sequence: the project's sequences (Name, Modified), Create Sequence, row Delete. */
export function SequenceListPage() {
  const { projectId = '' } = useParams();
  const { permissions } = useProjectAccess(projectId);
  const list = useListQuery(sequenceApi.contracts.list);
  const query = sequenceApi.useList(projectId, list.apiQuery);
  const deletion = useRowDeletion<Sequence>(sequenceApi.useDelete(projectId));

  return (
    <>
      <PageTitle title="Sequences">{permissions.canCreateSubProject && <CreateSequenceButton projectId={projectId} />}</PageTitle>
      <DataTable
        label="Sequences"
        columns={sequenceColumns(projectId)}
        list={list}
        query={query}
        rowKey={(sequence) => sequence.id}
        rowName={(sequence) => sequence.name}
        rowMenu={permissions.canDeleteSubProject ? (sequence) => <DeleteMenuItem onClick={() => deletion.ask(sequence)} /> : undefined}
      />
      <ConfirmDelete
        opened={deletion.row !== null}
        onClose={deletion.cancel}
        title="Delete Sequence"
        message={deletion.row ? `Delete the sequence ${deletion.row.name}?` : undefined}
        onConfirm={deletion.confirm}
      />
    </>
  );
}
