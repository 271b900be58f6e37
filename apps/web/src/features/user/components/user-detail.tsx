import { useState } from 'react';
import { Avatar, Badge, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { userPermissions, type User } from '@console/contracts';
import { ConfirmDelete } from '@/components/confirm-delete';
import { DetailList } from '@/components/detail-list';
import { ErrorView } from '@/components/error-view';
import { FullPageLoader } from '@/components/full-page-loader';
import { NoPermission } from '@/components/no-permission';
import { PageTitle } from '@/components/page-title';
import { StatusBadge } from '@/components/status-badge';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/api/get-session';
import { useAvatarUrl } from '@/lib/avatar';
import { formatDateTime } from '@/lib/format';
import { useDeleteUser } from '../api/delete-user';
import { useUser } from '../api/get-user';
import { InvitationPanel, ResetPanel } from './user-codes';
import { UserNameForm, UserPasswordForm, UserPrivilegesForm } from './user-forms';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function UserCard({ user }: { user: User }) {
  const avatar = useAvatarUrl(user.email);
  return (
    <Card withBorder padding="md" component="section" aria-label="User details">
      <Stack gap="sm">
        <Group gap="md" wrap="nowrap">
          <Avatar src={avatar} name={user.display_name} alt={user.display_name} size={64} radius="xl" color="initials" />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {user.display_name}
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
          </Stack>
        </Group>
        <DetailList
          items={[
            { label: 'Status', value: <StatusBadge status={user.status} /> },
            {
              label: 'Super User',
              value: user.is_super_user ? <Badge variant="light" tt="none">Yes</Badge> : 'No',
            },
            { label: 'MFA', value: yesNo(user.is_mfa_enabled) },
            { label: 'Created', value: formatDateTime(user.created_at) },
            { label: 'Updated', value: formatDateTime(user.updated_at) },
            { label: 'Last Sign-In', value: user.last_login_at ? formatDateTime(user.last_login_at) : 'Never' },
            { label: 'ID', value: <Text ff="monospace" size="xs">{user.id}</Text> },
          ]}
        />
      </Stack>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="md" component="section">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * A user's page (/user/{id}) and the profile (/profile): details, the name and password forms,
 * and for super users on someone else the privileges form, reset and invitation panels and delete.
 */
export function UserDetail({ userId, title }: { userId: string; title: string }) {
  const navigate = useNavigate();
  const session = useSession().data;
  const query = useUser(userId);
  const remove = useDeleteUser();
  const [confirming, setConfirming] = useState(false);

  if (!session) return <FullPageLoader />;
  const permissions = userPermissions(session.user, userId);
  if (!permissions.canView) return <NoPermission title={title} />;

  return (
    <>
      <PageTitle title={title}>
        {permissions.canDelete && query.data && (
          <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
            Delete User
          </Button>
        )}
      </PageTitle>
      {query.isPending ? (
        <FullPageLoader label="Loading user" />
      ) : query.isError ? (
        <ErrorView error={query.error} />
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <UserCard user={query.data} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              {permissions.canEditProfile && (
                <Section title="Profile">
                  <UserNameForm user={query.data} />
                </Section>
              )}
              {permissions.canChangePassword && (
                <Section title="Change Password">
                  <UserPasswordForm user={query.data} own={session.user.id === userId} />
                </Section>
              )}
              {permissions.canSetPrivileges && (
                <Section title="Privileges">
                  <UserPrivilegesForm user={query.data} />
                </Section>
              )}
              {permissions.canSeeCodes && (
                <>
                  <ResetPanel userId={userId} canReset={permissions.canReset} />
                  <InvitationPanel userId={userId} />
                </>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
      <ConfirmDelete
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Delete User"
        message={query.data ? `Delete the user ${query.data.display_name} (${query.data.email})? This cannot be undone.` : undefined}
        onConfirm={async () => {
          await remove.mutateAsync(userId);
          setConfirming(false);
          navigate(paths.users.to());
        }}
      />
    </>
  );
}
