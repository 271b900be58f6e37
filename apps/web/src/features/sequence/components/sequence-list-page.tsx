import { useParams } from 'react-router';
import type { Sequence } from '@console/contracts';
import { modifiedColumn, nameColumn, useListQuery, type DataTableColumn } from '@/components/data-table';
import { ProjectRecordListPage } from '@/components/project-record/project-record-list-page';
import { projectPaths } from '@/config/paths';
import { sequenceApi } from '@/lib/api/sequence-api';
import { CreateSequenceButton } from './create-sequence-button';

function sequenceColumns(projectId: string): DataTableColumn<Sequence>[] {
  return [
    nameColumn<Sequence>((id) => projectPaths.sequence.to(projectId, id), 'name'),
    modifiedColumn({ filterable: true }),
  ];
}

/** project/{id}/sequence: the project's sequences (Name, Modified), Create Sequence, row Delete. */
export function SequenceListPage() {
  const { projectId = '' } = useParams();
  const list = useListQuery(sequenceApi.contracts.list);
  return (
    <ProjectRecordListPage<Sequence>
      projectId={projectId}
      title="Sequences"
      create={<CreateSequenceButton projectId={projectId} />}
      createLabel="Create Sequence"
      columns={sequenceColumns(projectId)}
      list={list}
      query={sequenceApi.useList(projectId, list.apiQuery)}
      rowKey={(sequence) => sequence.id}
      rowName={(sequence) => sequence.name}
      remove={sequenceApi.useDelete(projectId)}
      confirmation={{ noun: 'Sequence' }}
    />
  );
}
