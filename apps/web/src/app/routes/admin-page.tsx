import type { ReactNode } from 'react';
import { Group, Stack, Title } from '@mantine/core';
import { canAdminister } from '@console/contracts';
import { NoPermission } from '@/components/no-permission';
import { PageTitle } from '@/components/page-title';
import { AuditLogTable } from '@/features/audit/components/audit-log-table';
import { SupportMessageTable } from '@/features/support/components/support-message-table';
import { CreateUserButton } from '@/features/user/components/create-user-button';
import { UserTable } from '@/features/user/components/user-table';
import { CreateWorkspaceButton } from '@/features/workspace/components/create-workspace-button';
import { WorkspaceTable } from '@/features/workspace/components/workspace-table';
import { useSession } from '@/lib/api/get-session';

/** A titled section of the admin panel, its create button beside the title. */
function AdminSection({ id, title, action, children }: { id: string; title: string; action: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Group justify="space-between">
        <Title order={3} size="h4" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

/** /admin (super users): User Management, Workspace Management, Support Messages and the whole Audit Log, each table with its own URL namespace. */
export function AdminPage() {
  const session = useSession().data;
  if (!session || !canAdminister(session.user)) return <NoPermission title="Admin Panel" />;
  return (
    <>
      <PageTitle title="Admin Panel" />
      <Stack gap="xl">
        <AdminSection id="admin-users" title="User Management" action={<CreateUserButton />}>
          <UserTable namespace="user" />
        </AdminSection>
        <AdminSection id="admin-workspaces" title="Workspace Management" action={<CreateWorkspaceButton />}>
          <WorkspaceTable namespace="workspace" />
        </AdminSection>
        <AdminSection id="admin-support" title="Support Messages" action={null}>
          <SupportMessageTable namespace="support" />
        </AdminSection>
        <AdminSection id="admin-audit" title="Audit Log" action={null}>
          <AuditLogTable scope="all" namespace="audit" />
        </AdminSection>
      </Stack>
    </>
  );
}
