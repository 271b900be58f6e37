import { Badge, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { canDeleteMembershipRow, projectMembershipList, strongerRole, type ProjectMembership, type Role } from '@console/contracts';
import { ConfirmDelete } from '@/components/confirm-delete';
import {
  DataTable,
  DeleteMenuItem,
  useListQuery,
  useRowDeletion,
  type DataTableColumn,
} from '@/components/data-table';
import { FormModalButton } from '@/components/form-modal-button';
import { ProjectSubPageHeader } from '@/components/project-sub-page-header';
import { projectPaths } from '@/config/paths';
import { useCreateProjectMembership } from '@/features/membership/api/create-project-membership';
import { useDeleteProjectMembership } from '@/features/membership/api/delete-project-membership';
import { useProjectMemberships } from '@/features/membership/api/get-project-memberships';
import { AddMemberForm } from '@/features/membership/components/add-member-form';
import { useProjectAccess } from '@/hooks/use-project-access';

/** A role as a badge; none as a dimmed dash. */
function RoleCell({ role }: { role: Role | null }) {
  return role ? (
    <Badge variant="light" tt="none" radius="sm">
      {role}
    </Badge>
  ) : (
    <Text size="sm" c="dimmed" span>
      —
    </Text>
  );
}

const columns: DataTableColumn<ProjectMembership>[] = [
  // Not nameColumn(): a row with only an inherited role has no id.
  { key: 'name', header: 'Name', sortField: 'display_name', filterField: 'display_name', render: (row) => row.display_name },
  { key: 'email', header: 'Email', sortField: 'email', filterField: 'email', render: (row) => row.email },
  { key: 'role', header: 'Role', sortField: 'role', filterField: 'role', render: (row) => <RoleCell role={row.role} /> },
  {
    key: 'inherited_role',
    header: 'Inherited Role',
    sortField: 'inherited_role',
    filterField: 'inherited_role',
    render: (row) => <RoleCell role={row.inherited_role} />,
  },
  // What the person may do here: the server sorts and filters by the two stored roles only.
  { key: 'effective_role', header: 'Effective Role', render: (row) => <RoleCell role={strongerRole(row.role, row.inherited_role)} /> },
];

type DirectMembership = ProjectMembership & { id: string };

/**
 * project/{id}/membership: everyone with a role in the project, directly or through the workspace;
 * Add Member (reloads the page's data); Delete Membership on direct rows, never one's own.
 */
export function ProjectMembershipPage() {
  const { projectId = '' } = useParams();
  const { session, permissions } = useProjectAccess(projectId);
  const list = useListQuery(projectMembershipList);
  const query = useProjectMemberships(projectId, list.apiQuery);
  const createMembership = useCreateProjectMembership(projectId);
  const deletion = useRowDeletion<DirectMembership>(useDeleteProjectMembership(projectId));

  return (
    <>
      <ProjectSubPageHeader parent={{ label: 'Project Settings', to: projectPaths.settings(projectId) }} title="Project Members">
        {permissions.canCreateProject && (
          <FormModalButton label="Add Member" icon={<IconUserPlus size={16} />}>
            {(close) => <AddMemberForm add={createMembership.mutateAsync} grantableRoles={permissions.grantableRoles} onClose={close} />}
          </FormModalButton>
        )}
      </ProjectSubPageHeader>
      <DataTable
        label="Project Members"
        columns={columns}
        list={list}
        query={query}
        // Rows with only an inherited role have no membership id; a person has one row.
        rowKey={(row) => row.user_id}
        rowName={(row) => row.display_name}
        empty={{
          title: 'No members yet.',
          hint: permissions.canCreateProject
            ? 'Add Member gives a user a role in this project; members of its workspace are listed too.'
            : undefined,
        }}
        rowMenu={(row) =>
          row.id && session && canDeleteMembershipRow(permissions.canDeleteProject, session.user, row) ? (
            <DeleteMenuItem onClick={() => deletion.ask({ ...row, id: row.id! })}>Delete Membership</DeleteMenuItem>
          ) : null
        }
      />
      <ConfirmDelete
        opened={deletion.row !== null}
        onClose={deletion.cancel}
        title="Delete Membership"
        message={deletion.row ? `Remove ${deletion.row.display_name} (${deletion.row.email}) from this project?` : undefined}
        onConfirm={deletion.confirm}
      />
    </>
  );
}
