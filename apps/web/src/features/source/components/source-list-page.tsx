import { Badge } from '@mantine/core';
import { useParams } from 'react-router';
import { sourceList, type SourceSummary } from '@console/contracts';
import {
  DataTable,
  DeleteMenuItem,
  modifiedColumn,
  nameColumn,
  useListQuery,
  useRowDeletion,
  type DataTableColumn,
} from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { projectPaths } from '@/config/paths';
import { useProjectAccess } from '@/features/project/use-project-access';
import { useDeleteSource } from '../api/delete-source';
import { useSources } from '../api/get-sources';
import { sourceTypeLabels } from '../source-types';
import { CreateSourceButton } from './create-source-button';
import { DeleteSourceModal } from './delete-source-modal';

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

/** /project/{id}/source (project-areas §2): Name, Modified, Type with filters; Create Source; row Delete. */
export function SourceListPage() {
  const { projectId = '' } = useParams();
  const { permissions } = useProjectAccess(projectId);
  const list = useListQuery(sourceList);
  const query = useSources(projectId, list.apiQuery);
  const remove = useDeleteSource(projectId);
  const deletion = useRowDeletion<SourceSummary>(remove);

  return (
    <>
      <PageTitle title="Sources">{permissions.canCreateSubProject && <CreateSourceButton projectId={projectId} />}</PageTitle>
      <DataTable
        label="Sources"
        columns={sourceColumns(projectId)}
        list={list}
        query={query}
        rowKey={(source) => source.id}
        rowName={(source) => source.display_name}
        rowMenu={permissions.canDeleteSubProject ? (source) => <DeleteMenuItem onClick={() => deletion.ask(source)} /> : undefined}
      />
      <DeleteSourceModal name={deletion.row?.display_name ?? null} onClose={deletion.cancel} onConfirm={deletion.confirm} />
    </>
  );
}
