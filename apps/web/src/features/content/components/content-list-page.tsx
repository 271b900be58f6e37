import { Group, Menu } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { contentList, type ContentStatus, type ContentSummary } from '@console/contracts';
import { ConfirmDelete } from '@/components/confirm-delete';
import {
  DataTable,
  DeleteMenuItem,
  modifiedColumn,
  statusColumn,
  useListQuery,
  useRowDeletion,
  type DataTableColumn,
} from '@/components/data-table';
import { ErrorView } from '@/components/error-view';
import { PageTitle } from '@/components/page-title';
import { useProjectAccess } from '@/hooks/use-project-access';
import { useDeleteContent } from '../api/delete-content';
import { useContents } from '../api/get-contents';
import { useUpdateContent } from '../api/update-content';
import { contentBulkActions } from './content-bulk-actions';
import { subjectColumn, wordsColumn } from './content-columns';
import { CreateContentButton } from './create-content-button';
import { ExportCsvButton } from './export-csv-button';

function contentColumns(projectId: string): DataTableColumn<ContentSummary>[] {
  return [subjectColumn(projectId), wordsColumn('Words'), statusColumn(), modifiedColumn({ filterable: true })];
}

/**
 * project/{id}/content: the project's items (Subject, Words, Status, Modified),
 * Create Content, Export CSV, a row menu to activate, deactivate and delete, and the same three for
 * the rows selected (or every row the filters match), for those who may delete.
 */
export function ContentListPage() {
  const { projectId = '' } = useParams();
  const { permissions } = useProjectAccess(projectId);
  const list = useListQuery(contentList);
  const query = useContents(projectId, list.apiQuery);
  const updateStatus = useUpdateContent();
  const deletion = useRowDeletion<ContentSummary>(useDeleteContent());

  const setStatus = (content: ContentSummary, status: ContentStatus) => updateStatus.mutate({ id: content.id, body: { status } });

  return (
    <>
      <PageTitle title="Content">
        <Group gap="xs" align="flex-start">
          <ExportCsvButton projectId={projectId} />
          {permissions.canCreateSubProject && <CreateContentButton projectId={projectId} />}
        </Group>
      </PageTitle>
      {updateStatus.isError && <ErrorView error={updateStatus.error} title="The status was not changed." />}
      <DataTable
        label="Content"
        columns={contentColumns(projectId)}
        list={list}
        query={query}
        rowKey={(content) => content.id}
        rowName={(content) => content.subject}
        empty={{
          title: 'No content yet.',
          hint: permissions.canCreateSubProject
            ? 'Create Content writes the first item, or add a source under Sources to bring its articles in.'
            : 'Editors and admins of the project create content and add sources.',
        }}
        bulkActions={contentBulkActions(permissions.canDeleteSubProject, projectId)}
        rowMenu={
          permissions.canDeleteSubProject
            ? (content) => (
                <>
                  {content.status === 'active' ? (
                    <Menu.Item leftSection={<IconPlayerPause size={14} />} onClick={() => setStatus(content, 'inactive')}>
                      Deactivate
                    </Menu.Item>
                  ) : (
                    <Menu.Item leftSection={<IconPlayerPlay size={14} />} onClick={() => setStatus(content, 'active')}>
                      Activate
                    </Menu.Item>
                  )}
                  <DeleteMenuItem onClick={() => deletion.ask(content)} />
                </>
              )
            : undefined
        }
      />
      <ConfirmDelete
        opened={deletion.row !== null}
        onClose={deletion.cancel}
        title="Delete Content"
        message={deletion.row ? `Delete the content item ${deletion.row.subject} with its utterances and actions?` : undefined}
        onConfirm={deletion.confirm}
      />
    </>
  );
}
