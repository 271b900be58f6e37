import { useState } from 'react';
import { Anchor, Menu, Text } from '@mantine/core';
import { IconCopy, IconDownload, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { NOT_SYNCED_LABEL, projectList, type ProjectSummary } from '@console/contracts';
import { ConfirmByName } from '@/components/confirm-delete';
import { DataTable, useListQuery, type DataTableColumn } from '@/components/data-table';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useDeleteProject } from '../api/delete-project';
import { useProjects } from '../api/get-projects';

const columns: DataTableColumn<ProjectSummary>[] = [
  {
    key: 'name',
    header: 'Name',
    sortField: 'display_name',
    filterField: 'display_name',
    render: (project) => (
      <Anchor component={Link} to={paths.project.to(project.id)} size="sm">
        {project.display_name}
      </Anchor>
    ),
  },
  { key: 'modified', header: 'Modified', sortField: 'updated_at', render: (project) => formatDateTime(project.updated_at) },
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
  const [deleting, setDeleting] = useState<ProjectSummary | null>(null);

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
            {canDelete && (
              <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(project)}>
                Delete
              </Menu.Item>
            )}
          </>
        )}
      />
      <ConfirmByName
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete Project"
        entity="Project"
        name={deleting?.display_name ?? ''}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          setDeleting(null);
        }}
      />
    </>
  );
}
