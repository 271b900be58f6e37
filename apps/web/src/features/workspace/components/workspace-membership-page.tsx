import { useState } from 'react';
import { Anchor, Badge, Breadcrumbs, Button, Group, Menu, Select, TextInput } from '@mantine/core';
import { IconLogin2, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import {
  DEFAULT_MEMBERSHIP_ROLE,
  canDeleteMembershipRow,
  createMembershipBody,
  joinWorkspaceBody,
  membershipList,
  roles,
  type Membership,
} from '@console/contracts';
import { ConfirmDelete } from '@/components/confirm-delete';
import { DataTable, useListQuery, type DataTableColumn } from '@/components/data-table';
import { EntityForm, useEntityForm } from '@/components/entity-form';
import { FormModal } from '@/components/form-modal';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useCreateMembership } from '@/features/membership/api/create-membership';
import { useDeleteMembership } from '@/features/membership/api/delete-membership';
import { useMemberships } from '@/features/membership/api/get-memberships';
import { useJoinWorkspace } from '@/features/membership/api/join-workspace';
import { useWorkspaceAccess } from '../use-workspace-access';

const columns: DataTableColumn<Membership>[] = [
  { key: 'name', header: 'Name', sortField: 'display_name', filterField: 'display_name', render: (row) => row.display_name },
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

const cancel = (onClose: () => void) => (
  <Button variant="default" onClick={onClose}>
    Cancel
  </Button>
);

function AddMemberForm({ workspaceId, onClose }: { workspaceId: string; onClose: () => void }) {
  const mutation = useCreateMembership(workspaceId);
  const form = useEntityForm({
    schema: createMembershipBody,
    initialValues: { email: '', role: DEFAULT_MEMBERSHIP_ROLE as string },
    savedText: null,
    onSubmit: async (body) => {
      await mutation.mutateAsync(body);
      onClose();
    },
  });
  return (
    <EntityForm form={form} submitLabel="Add" actions={cancel(onClose)}>
      <TextInput label="Email" type="email" autoComplete="off" data-autofocus {...form.textProps('email')} />
      <Select label="Role" data={[...roles]} {...form.selectProps('role')} />
    </EntityForm>
  );
}

function JoinForm({ workspaceId, onClose }: { workspaceId: string; onClose: () => void }) {
  const mutation = useJoinWorkspace(workspaceId);
  const form = useEntityForm({
    schema: joinWorkspaceBody,
    initialValues: { role: DEFAULT_MEMBERSHIP_ROLE as string },
    savedText: null,
    // Joining with the default role is a choice too: submit needs no change here.
    requireChange: false,
    onSubmit: async (body) => {
      await mutation.mutateAsync(body);
      onClose();
    },
  });
  return (
    <EntityForm form={form} submitLabel="Join" actions={cancel(onClose)}>
      <Select label="Role" data={[...roles]} data-autofocus {...form.selectProps('role')} />
    </EntityForm>
  );
}

/** /workspace/{id}/membership: the members, Add Member, Join this Workspace, Delete Membership. */
export function WorkspaceMembershipPage() {
  const { workspaceId = '' } = useParams();
  const { session, workspace, permissions } = useWorkspaceAccess(workspaceId);
  const list = useListQuery(membershipList);
  const query = useMemberships(workspaceId, list.apiQuery);
  const remove = useDeleteMembership(workspaceId);
  const [modal, setModal] = useState<'add' | 'join' | null>(null);
  const [deleting, setDeleting] = useState<Membership | null>(null);
  const close = () => setModal(null);

  return (
    <>
      <Breadcrumbs mb="xs" fz="sm">
        <Anchor component={Link} to={paths.workspaces.to()}>
          Workspaces
        </Anchor>
        <Anchor component={Link} to={paths.workspace.to(workspaceId)}>
          {workspace.data?.display_name ?? 'Workspace'}
        </Anchor>
      </Breadcrumbs>
      <PageTitle title="Workspace Members">
        <Group gap="xs">
          {permissions.canJoin && (
            <Button variant="default" leftSection={<IconLogin2 size={16} />} onClick={() => setModal('join')}>
              Join this Workspace
            </Button>
          )}
          {permissions.canAddMember && (
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setModal('add')}>
              Add Member
            </Button>
          )}
        </Group>
      </PageTitle>
      <DataTable
        label="Workspace Members"
        columns={columns}
        list={list}
        query={query}
        rowKey={(row) => row.id}
        rowName={(row) => row.display_name}
        rowMenu={(row) =>
          session && canDeleteMembershipRow(permissions.canDeleteMember, session.user, row) ? (
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(row)}>
              Delete Membership
            </Menu.Item>
          ) : null
        }
      />
      <FormModal opened={modal === 'add'} onClose={close} title="Add Member to Workspace">
        <AddMemberForm workspaceId={workspaceId} onClose={close} />
      </FormModal>
      <FormModal opened={modal === 'join'} onClose={close} title="Join this Workspace">
        <JoinForm workspaceId={workspaceId} onClose={close} />
      </FormModal>
      <ConfirmDelete
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete Membership"
        message={deleting ? `Remove ${deleting.display_name} (${deleting.email}) from this workspace?` : undefined}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          setDeleting(null);
        }}
      />
    </>
  );
}
