import { Badge } from '@mantine/core';
import { useParams } from 'react-router';
import { sourceList, type SourceSummary } from '@console/contracts';
import { modifiedColumn, nameColumn, useListQuery, type DataTableColumn } from '@/components/data-table';
import { ProjectRecordListPage } from '@/components/project-record/project-record-list-page';
import { projectPaths } from '@/config/paths';
import { useDeleteSource } from '../api/delete-source';
import { useSources } from '../api/get-sources';
import { sourceDeletion, sourceTypeLabels } from '../source-types';
import { CreateSourceButton } from './create-source-button';

function sourceColumns(projectId: string): DataTableColumn<SourceSummary>[] {
  return [
    nameColumn((id) => projectPaths.source.to(projectId, id)),
    modifiedColumn({ filterable: true }),
    {
      key: 'type',
      header: 'Type',
      sortField: 'type',
      filterField: 'type',
      filterLabels: sourceTypeLabels,
      render: (source) => (
        <Badge variant="light" color="gray" tt="none" radius="sm">
          {sourceTypeLabels[source.type]}
        </Badge>
      ),
    },
  ];
}

/** /project/{id}/source: Name, Modified, Type with filters; Create Source; row Delete. */
export function SourceListPage() {
  const { projectId = '' } = useParams();
  const list = useListQuery(sourceList);
  return (
    <ProjectRecordListPage<SourceSummary>
      projectId={projectId}
      title="Sources"
      create={<CreateSourceButton projectId={projectId} />}
      createLabel="Create Source"
      columns={sourceColumns(projectId)}
      list={list}
      query={useSources(projectId, list.apiQuery)}
      rowKey={(source) => source.id}
      rowName={(source) => source.display_name}
      remove={useDeleteSource(projectId)}
      confirmation={sourceDeletion}
    />
  );
}
