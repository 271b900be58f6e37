import { Menu, Text } from '@mantine/core';
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
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useDeleteProject } from '../api/delete-project';
import { useProjects } from '../api/get-projects';

const columns: DataTableColumn<ProjectSummary>[] = [
  nameColumn(paths.project.to),
  modifiedColumn(),
  {
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
  },
];

/**
 * A workspace's projects (console.md §2), URL namespace 'project'. Row menu: Clone and Export
 * (arrive with the knowledge tools, disabled) and Delete behind the exact project name.
 */
export function ProjectTable({ workspaceId, canDelete }: { workspaceId: string; canDelete: boolean }) {
  const list = useListQuery(projectList, 'project');
  const query = useProjects(workspaceId, list.apiQuery);
  const remove = useDeleteProject(workspaceId);
  const deletion = useRowDeletion<ProjectSummary>(remove);

  return (
    <>
      <DataTable
        label="Projects"
        columns={columns}
        list={list}
        query={query}
        rowKey={(project) => project.id}
        rowName={(project) => project.display_name}
        rowMenu={(project) => (
          <>
            <Menu.Item leftSection={<IconCopy size={14} />} disabled>
              Clone
            </Menu.Item>
            <Menu.Item leftSection={<IconDownload size={14} />} disabled>
              Export
            </Menu.Item>
            {canDelete && <DeleteMenuItem onClick={() => deletion.ask(project)} />}
          </>
        )}
      />
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
