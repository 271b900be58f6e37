import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router';
import { readableProjectList, type ReadableProject } from '@console/contracts';
import { DataTable, modifiedColumn, nameColumn, useListQuery, type DataTableColumn } from '@/components/data-table';
import { paths } from '@/config/paths';
import { useReadableProjects } from '../api/get-readable-projects';
import { syncedColumn } from './project-table';

const workspaceColumn: DataTableColumn<ReadableProject> = {
  key: 'workspace',
  header: 'Workspace',
  sortField: 'workspace_display_name',
  filterField: 'workspace_display_name',
  render: (project) => (
    <Anchor component={Link} to={paths.workspace.to(project.workspace_id)} size="sm">
      {project.workspace_display_name}
    </Anchor>
  ),
};

const roleColumn: DataTableColumn<ReadableProject> = {
  key: 'role',
  header: 'Your Role',
  render: (project) =>
    project.role && (
      <Badge variant="light" tt="none" radius="sm">
        {project.role}
      </Badge>
    ),
};

const empty = {
  title: 'No projects yet.',
  hint: 'A project is listed here once you are a member of its workspace or are given a role on it.',
};

/**
 * The projects the caller can read: every workspace's when `workspaceId` is not given, with a
 * Workspace column; else that workspace's alone.
 */
export function ReadableProjectTable({ workspaceId }: { workspaceId?: string }) {
  const list = useListQuery(readableProjectList);
  const query = useReadableProjects(workspaceId ? { ...list.apiQuery, workspace_id__eq: workspaceId } : list.apiQuery);
  const columns = [
    nameColumn<ReadableProject>(paths.project.to),
    ...(workspaceId ? [] : [workspaceColumn]),
    roleColumn,
    modifiedColumn<ReadableProject>(),
    syncedColumn,
  ];
  return <DataTable label="Projects" columns={columns} list={list} query={query} rowKey={(project) => project.id} empty={empty} />;
}
