import { useState } from 'react';
import { Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { NOT_SYNCED_LABEL, projectList, type ProjectSummary } from '@console/contracts';
import { ConfirmByName } from '@/components/confirm-delete';
import {
  DataTable,
  DeleteMenuItem,
  modifiedColumn,
  nameColumn,
  useListQuery,
  useRowDeletion,
  type DataTableColumn,
} from '@/components/data-table';
import { FormModal } from '@/components/form-modal';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useDeleteProject } from '../api/delete-project';
import { useExportProject } from '../api/export-project';
import { useProjects } from '../api/get-projects';
import { CloneProjectForm } from './clone-project-form';

/** 'Synced': when the project was last synced, or Not Synced. */
export const syncedColumn: DataTableColumn<ProjectSummary> = {
  key: 'synced',
  header: 'Synced',
  sortField: 'synced_at',
  render: (project) =>
    project.synced_at ? (
      formatDateTime(project.synced_at)
    ) : (
      <Text size="sm" c="dimmed" span>
        {NOT_SYNCED_LABEL}
      </Text>
    ),
};

const columns: DataTableColumn<ProjectSummary>[] = [nameColumn(paths.project.to), modifiedColumn(), syncedColumn];

/**
 * A workspace's projects, URL namespace 'project'. Row menu: Clone (a copy in this
 * workspace), Export (the project archive) and Delete behind the exact project name.
 */
export function ProjectTable({
  workspaceId,
  canCreate,
  canDelete,
}: {
  workspaceId: string;
  canCreate: boolean;
  canDelete: boolean;
}) {
  const list = useListQuery(projectList, 'project');
  const query = useProjects(workspaceId, list.apiQuery);
  const deletion = useRowDeletion<ProjectSummary>(useDeleteProject(workspaceId));
  const exportArchive = useExportProject();
  const [cloning, setCloning] = useState<ProjectSummary | null>(null);

  const download = (project: ProjectSummary) =>
    exportArchive.mutate(project.id, {
      onError: (error) =>
        notifications.show({ color: 'red', title: `Export of ${project.display_name} failed`, message: errorMessage(error) }),
    });

  return (
    <>
      <DataTable
        label="Projects"
        columns={columns}
        list={list}
        query={query}
        rowKey={(project) => project.id}
        rowName={(project) => project.display_name}
        empty={{
          title: 'No projects yet.',
          hint: canCreate ? 'Create Project or Import Project adds the first one.' : 'Editors and admins of the workspace create them.',
        }}
        rowMenu={(project) => (
          <>
            {canCreate && (
              <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => setCloning(project)}>
                Clone
              </Menu.Item>
            )}
            <Menu.Item leftSection={<IconDownload size={14} />} onClick={() => download(project)}>
              Export
            </Menu.Item>
            {canDelete && <DeleteMenuItem onClick={() => deletion.ask(project)} />}
          </>
        )}
      />
      <FormModal opened={cloning !== null} onClose={() => setCloning(null)} title="Clone Project">
        {cloning && <CloneProjectForm project={cloning} onClose={() => setCloning(null)} />}
      </FormModal>
      <ConfirmByName
        opened={deletion.row !== null}
        onClose={deletion.cancel}
        title="Delete Project"
        entity="Project"
        name={deletion.row?.display_name ?? ''}
        onConfirm={deletion.confirm}
      />
    </>
  );
}
