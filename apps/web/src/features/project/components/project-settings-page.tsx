import { useState, type ReactNode } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconTrash, IconUsers } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { NOT_SYNCED_LABEL, type Project } from '@console/contracts';
import { ConfirmByName } from '@/components/confirm-delete';
import { DetailList } from '@/components/detail-list';
import { ErrorView } from '@/components/error-view';
import { FullPageLoader } from '@/components/full-page-loader';
import { PageTitle } from '@/components/page-title';
import { paths, projectPaths } from '@/config/paths';
import { useProjectAccess } from '@/hooks/use-project-access';
import { useProject } from '@/lib/api/get-project';
import { formatDateTime } from '@/lib/format';
import { useDeleteProject } from '../api/delete-project';
import { ProjectSettingsForm } from './project-settings-form';

function ProjectDetails({ project }: { project: Project }) {
  return (
    <Card withBorder padding="md" component="section" aria-label="Project details">
      <DetailList
        items={[
          { label: 'Name', value: project.display_name },
          { label: 'Description', value: project.description || '—' },
          { label: 'ID', value: <Text ff="monospace" size="xs">{project.id}</Text> },
          { label: 'Modified', value: formatDateTime(project.updated_at) },
          {
            label: 'Synced',
            value: project.synced_at ? (
              formatDateTime(project.synced_at)
            ) : (
              <Text size="sm" c="dimmed" span>
                {NOT_SYNCED_LABEL}
              </Text>
            ),
          },
        ]}
      />
    </Card>
  );
}

/**
 * project/{id}: details, the settings form, Memberships and Delete Project (back to its workspace);
 * `sections` adds the settings other areas own (Privacy), below the project's own.
 */
export function ProjectSettingsPage({ sections }: { sections?: (project: Project) => ReactNode }) {
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const { permissions } = useProjectAccess(projectId);
  const query = useProject(projectId);
  const remove = useDeleteProject(query.data?.workspace_id ?? '');
  const [deleting, setDeleting] = useState(false);

  if (query.isPending) return <FullPageLoader label="Loading project" />;
  if (query.isError) {
    return (
      <>
        <PageTitle title="Project Settings" />
        <ErrorView error={query.error} />
      </>
    );
  }
  const project = query.data;

  return (
    <>
      <PageTitle title="Project Settings">
        {permissions.canDeleteProject && (
          <Group gap="xs">
            <Button
              component={Link}
              to={projectPaths.membership.to(projectId)}
              variant="default"
              leftSection={<IconUsers size={16} />}
            >
              Memberships
            </Button>
            <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
              Delete Project
            </Button>
          </Group>
        )}
      </PageTitle>
      <Stack gap="lg">
        <ProjectDetails project={project} />
        <Card withBorder padding="md" component="section" aria-labelledby="project-settings-title">
          <Stack gap="sm">
            <Title order={3} size="h5" id="project-settings-title">
              Settings
            </Title>
            <ProjectSettingsForm key={project.id} project={project} canUpdate={permissions.canUpdateProject} />
          </Stack>
        </Card>
        {sections?.(project)}
      </Stack>
      <ConfirmByName
        opened={deleting}
        onClose={() => setDeleting(false)}
        title="Delete Project"
        entity="Project"
        name={project.display_name}
        onConfirm={async () => {
          await remove.mutateAsync(project.id);
          setDeleting(false);
          navigate(paths.workspace.to(project.workspace_id));
        }}
      />
    </>
  );
}
