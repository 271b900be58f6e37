import { useParams } from 'react-router';
import { contentList, type ContentSummary } from '@console/contracts';
import { DataTable, modifiedColumn, statusColumn, useListQuery, type DataTableColumn } from '@/components/data-table';
import { ProjectSubPageHeader } from '@/components/project-sub-page-header';
import { projectPaths } from '@/config/paths';
import { useSourceContents } from '@/features/content/api/get-source-contents';
import { createdColumn, subjectColumn, wordsColumn } from '@/features/content/components/content-columns';
import { contentBulkActions } from '@/features/content/components/content-bulk-actions';
import { CreateContentButton } from '@/features/content/components/create-content-button';
import { useSource } from '@/features/source/api/get-source';
import { useProjectAccess } from '@/hooks/use-project-access';

function sourceContentColumns(projectId: string): DataTableColumn<ContentSummary>[] {
  return [
    statusColumn(),
    subjectColumn(projectId),
    modifiedColumn({ filterable: true }),
    createdColumn(),
    wordsColumn('Word Count', { filterable: true }),
  ];
}

/**
 * project/{id}/source/{sourceId}/content: back to the source, the items of the
 * source (Status, Subject, Modified, Created, Word Count; sortable and filterable) and a
 * create-content modal whose item belongs to the source and opens; those who may delete select items
 * (the candidates a pull made) and activate, deactivate or delete them at once.
 */
export function SourceContentPage() {
  const { projectId = '', sourceId = '' } = useParams();
  const { permissions } = useProjectAccess(projectId);
  const source = useSource(sourceId);
  const list = useListQuery(contentList);
  const query = useSourceContents(sourceId, list.apiQuery);
  const sourceName = source.data?.display_name ?? 'Source';

  return (
    <>
      <ProjectSubPageHeader
        parent={{ label: `Back to ${sourceName}`, to: projectPaths.source.to(projectId, sourceId) }}
        title={`${sourceName}: Content`}
      >
        {permissions.canCreateSubProject && <CreateContentButton projectId={projectId} sourceId={sourceId} />}
      </ProjectSubPageHeader>
      <DataTable
        label="Source Content"
        columns={sourceContentColumns(projectId)}
        list={list}
        query={query}
        rowKey={(content) => content.id}
        rowName={(content) => content.subject}
        bulkActions={contentBulkActions(permissions.canDeleteSubProject, projectId, sourceId)}
        empty={{
          title: 'No content in this source yet.',
          hint: permissions.canCreateSubProject
            ? 'Pulling the source brings its content in, or Create Content adds an item here.'
            : 'Its content appears here once the source is pulled.',
        }}
      />
    </>
  );
}
