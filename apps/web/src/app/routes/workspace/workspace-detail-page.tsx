import { useState } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChevronRight, IconHistory, IconKey, IconTrash, IconUsers } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Workspace } from '@console/contracts';
import { ConfirmByName } from '@/components/confirm-delete';
import { DetailList } from '@/components/detail-list';
import { ErrorView } from '@/components/error-view';
import { FullPageLoader } from '@/components/full-page-loader';
import { NotFound } from '@/components/not-found';
import { PageTitle } from '@/components/page-title';
import { StatusBadge } from '@/components/status-badge';
import { paths } from '@/config/paths';
import { CreateProjectButton } from '@/features/project/components/create-project-button';
import { ImportProjectButton } from '@/features/project/components/import-project-button';
import { ProjectTable } from '@/features/project/components/project-table';
import { useDeleteWorkspace } from '@/features/workspace/api/delete-workspace';
import { JoinWorkspaceHint } from '@/features/workspace/components/join-workspace-hint';
import { UpdateWorkspaceButton } from '@/features/workspace/components/update-workspace-button';
import { useWorkspaceAccess } from '@/features/workspace/use-workspace-access';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { WorkspaceProjectsView } from './workspace-projects-view';

function Tile({ to, title, description, icon }: { to: string; title: string; description: string; icon: React.ReactNode }) {
  return (
    <Card withBorder padding="sm" component={Link} to={to} aria-label={title} style={{ textDecoration: 'none' }}>
      <Group wrap="nowrap" gap="sm">
        <ThemeIcon variant="light" size="lg">
          {icon}
        </ThemeIcon>
        <Stack gap={0} style={{ flex: 1 }}>
          <Text fw={600}>{title}</Text>
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        </Stack>
        <IconChevronRight size={16} />
      </Group>
    </Card>
  );
}

function WorkspaceDetails({ workspace }: { workspace: Workspace }) {
  return (
    <Card withBorder padding="md" component="section" aria-label="Workspace details">
      <DetailList
        items={[
          { label: 'Name', value: workspace.display_name },
          { label: 'Description', value: workspace.description || '—' },
          { label: 'Status', value: <StatusBadge status={workspace.status} /> },
          { label: 'Modified', value: formatDateTime(workspace.updated_at) },
          { label: 'ID', value: <Text ff="monospace" size="xs">{workspace.id}</Text> },
        ]}
      />
    </Card>
  );
}

/** /workspace/{id}: details, Update, Delete, tiles for Memberships, API Keys and (admins) the Audit Log, and the projects. */
export function WorkspaceDetailPage() {
  const { workspaceId = '' } = useParams();
  const navigate = useNavigate();
  const { workspace, permissions, projectPermissions } = useWorkspaceAccess(workspaceId);
  const remove = useDeleteWorkspace();
  const [deleting, setDeleting] = useState(false);

  if (!workspaceId) return <NotFound />;
  if (workspace.isPending) return <FullPageLoader label="Loading workspace" />;
  if (workspace.isError) {
    // Not readable as a workspace: its projects the caller has a role on may still be.
    if (workspace.error instanceof ApiError && workspace.error.status === 404) {
      return <WorkspaceProjectsView workspaceId={workspaceId} workspaceError={workspace.error} />;
    }
    return (
      <>
        <PageTitle title="Workspace" />
        <ErrorView error={workspace.error} />
      </>
    );
  }
  const data = workspace.data;

  return (
    <>
      <PageTitle title={data.display_name}>
        <Group gap="xs">
          {permissions.canUpdate && <UpdateWorkspaceButton workspace={data} />}
          {permissions.canDelete && (
            <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
              Delete Workspace
            </Button>
          )}
        </Group>
      </PageTitle>
      <Stack gap="lg">
        {permissions.canJoin && !permissions.canCreateProject && <JoinWorkspaceHint workspaceId={workspaceId} />}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <WorkspaceDetails workspace={data} />
          <Stack gap="sm">
            <Tile
              to={paths.workspaceMembership.to(workspaceId)}
              title="Memberships"
              description="Who can use this workspace, and with which role."
              icon={<IconUsers size={18} />}
            />
            <Tile
              to={paths.workspaceApiKey.to(workspaceId)}
              title="API Keys"
              description="Keys that read a deployment's conversations from outside."
              icon={<IconKey size={18} />}
            />
            {permissions.canReadAudit && (
              <Tile
                to={paths.workspaceAudit.to(workspaceId)}
                title="Audit Log"
                description="Who changed roles, keys, settings and deploys, when and from where."
                icon={<IconHistory size={18} />}
              />
            )}
          </Stack>
        </SimpleGrid>

        <Stack gap="sm" component="section" aria-labelledby="projects-title">
          <Group justify="space-between">
            <Title order={3} size="h4" id="projects-title">
              Projects
            </Title>
            <Group gap="xs">
              {permissions.canCreateProject && (
                <>
                  <ImportProjectButton workspaceId={workspaceId} />
                  <CreateProjectButton workspaceId={workspaceId} />
                </>
              )}
            </Group>
          </Group>
          <ProjectTable
            workspaceId={workspaceId}
            canCreate={permissions.canCreateProject}
            canDelete={projectPermissions.canDeleteProject}
          />
        </Stack>
      </Stack>

      <ConfirmByName
        opened={deleting}
        onClose={() => setDeleting(false)}
        title="Delete Workspace"
        entity="Workspace"
        name={data.display_name}
        onConfirm={async () => {
          await remove.mutateAsync(workspaceId);
          setDeleting(false);
          navigate(paths.workspaces.to());
        }}
      />
    </>
  );
}
