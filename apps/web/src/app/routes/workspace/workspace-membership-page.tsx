import { Badge, Group, Select } from '@mantine/core';
import { IconLogin2, IconUserPlus } from '@tabler/icons-react';
import { useParams } from 'react-router';
import {
  DEFAULT_MEMBERSHIP_ROLE,
  canDeleteMembershipRow,
  joinWorkspaceBody,
  membershipList,
  type Membership,
  type Role,
} from '@console/contracts';
import { ConfirmDelete } from '@/components/confirm-delete';
import {
  DataTable,
  DeleteMenuItem,
  nameColumn,
  useListQuery,
  useRowDeletion,
  type DataTableColumn,
} from '@/components/data-table';
import { ModalEntityForm, useModalEntityForm } from '@/components/entity-form';
import { FormModalButton } from '@/components/form-modal-button';
import { useCreateMembership } from '@/features/membership/api/create-membership';
import { useDeleteMembership } from '@/features/membership/api/delete-membership';
import { useMemberships } from '@/features/membership/api/get-memberships';
import { useJoinWorkspace } from '@/features/membership/api/join-workspace';
import { AddMemberForm } from '@/features/membership/components/add-member-form';
import { JoinWorkspaceHint } from '@/features/workspace/components/join-workspace-hint';
import { WorkspaceSubPageHeader } from '@/features/workspace/components/workspace-sub-page-header';
import { useWorkspaceAccess } from '@/features/workspace/use-workspace-access';

const columns: DataTableColumn<Membership>[] = [
  nameColumn(),
  { key: 'email', header: 'Email', sortField: 'email', filterField: 'email', render: (row) => row.email },
  {
    key: 'role',
    header: 'Role',
    sortField: 'role',
    filterField: 'role',
    render: (row) => (
      <Badge variant="light" tt="none" radius="sm">
        {row.role}
      </Badge>
    ),
  },
];

function JoinForm({ workspaceId, joinableRoles, onClose }: { workspaceId: string; joinableRoles: readonly Role[]; onClose: () => void }) {
  const mutation = useJoinWorkspace(workspaceId);
  const form = useModalEntityForm({
    schema: joinWorkspaceBody,
    initialValues: { role: DEFAULT_MEMBERSHIP_ROLE as string },
    // Joining with the default role is a choice too: submit needs no change here.
    requireChange: false,
    onSubmit: (body) => mutation.mutateAsync(body),
    onDone: onClose,
  });
  return (
    <ModalEntityForm form={form} submitLabel="Join" onClose={onClose}>
      <Select label="Role" data={[...joinableRoles]} data-autofocus {...form.selectProps('role')} />
    </ModalEntityForm>
  );
}

/** /workspace/{id}/membership: the members, Add Member, Join this Workspace, Delete Membership. */
export function WorkspaceMembershipPage() {
  const { workspaceId = '' } = useParams();
  const { session, workspace, permissions } = useWorkspaceAccess(workspaceId);
  const list = useListQuery(membershipList);
  const query = useMemberships(workspaceId, list.apiQuery);
  const createMembership = useCreateMembership(workspaceId);
  const remove = useDeleteMembership(workspaceId);
  const deletion = useRowDeletion<Membership>(remove);

  return (
    <>
      <WorkspaceSubPageHeader workspaceId={workspaceId} workspaceName={workspace.data?.display_name} title="Workspace Members">
        <Group gap="xs">
          {permissions.canJoin && (
            <FormModalButton label="Join this Workspace" variant="default" icon={<IconLogin2 size={16} />}>
              {(close) => <JoinForm workspaceId={workspaceId} joinableRoles={permissions.joinableRoles} onClose={close} />}
            </FormModalButton>
          )}
          {permissions.canAddMember && (
            <FormModalButton label="Add Member" title="Add Member to Workspace" icon={<IconUserPlus size={16} />}>
              {(close) => <AddMemberForm add={createMembership.mutateAsync} grantableRoles={permissions.grantableRoles} onClose={close} />}
            </FormModalButton>
          )}
        </Group>
      </WorkspaceSubPageHeader>
      {permissions.canJoin && !permissions.canAddMember && (
        <JoinWorkspaceHint workspaceId={workspaceId} onMembershipPage />
      )}
      <DataTable
        label="Workspace Members"
        columns={columns}
        list={list}
        query={query}
        rowKey={(row) => row.id}
        rowName={(row) => row.display_name}
        empty={{
          title: 'No members yet.',
          hint: permissions.canAddMember
            ? 'Add Member gives a user a role in this workspace.'
            : permissions.canJoin
              ? 'Join this Workspace makes you its first member.'
              : undefined,
        }}
        rowMenu={(row) =>
          session && canDeleteMembershipRow(permissions.canDeleteMember, session.user, row) ? (
            <DeleteMenuItem onClick={() => deletion.ask(row)}>Delete Membership</DeleteMenuItem>
          ) : null
        }
      />
      <ConfirmDelete
        opened={deletion.row !== null}
        onClose={deletion.cancel}
        title="Delete Membership"
        message={deletion.row ? `Remove ${deletion.row.display_name} (${deletion.row.email}) from this workspace?` : undefined}
        onConfirm={deletion.confirm}
      />
    </>
  );
}
