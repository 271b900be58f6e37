import { useEffect } from 'react';
import { Card, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { FullPageLoader } from '@/components/full-page-loader';
import { ProjectSubPageHeader } from '@/components/project-sub-page-header';
import { projectPaths } from '@/config/paths';
import { useProjectAccess } from '@/hooks/use-project-access';
import { setCurrentDeployment, useAppState } from '@/lib/storage';
import { useDeployment } from '../api/get-deployment';
import { DeployButton } from './deploy-button';
import { DeployHistoryTable } from './deploy-history-table';
import { DeploymentDetails } from './deployment-details';
import { DeploymentSettingsForm } from './deployment-settings-form';
import { PromoteButton } from './promote-button';
import { RollbackButton } from './rollback-button';

/**
 * project/{id}/deployment/{deploymentId}: the deployment's details with the version it answers
 * from; Deploy…, Rollback and Promote… and its name, allowed origins and "Require passing tests" for
 * those who may update the project; its deploy history. Visiting it chooses the deployment, so the
 * header's Deploy deploys it from any page.
 */
export function DeploymentDetailPage() {
  const { projectId = '', deploymentId = '' } = useParams();
  const { permissions, session } = useProjectAccess(projectId);
  const query = useDeployment(projectId, deploymentId);
  const parent = { label: 'Deployments', to: projectPaths.deployments.to(projectId) };

  // After the project route has made this project current: choosing the project clears the deployment.
  const currentProject = useAppState().project;
  const found = query.data?.id === deploymentId && query.data.project_id === projectId;
  useEffect(() => {
    if (found && currentProject === projectId) setCurrentDeployment(deploymentId);
  }, [found, currentProject, projectId, deploymentId]);

  if (query.isPending) return <FullPageLoader label="Loading deployment" />;
  if (query.isError) {
    return (
      <>
        <ProjectSubPageHeader parent={parent} title="Deployment" />
        <ErrorView error={query.error} />
      </>
    );
  }
  const deployment = query.data;
  const synced = session?.project?.id === projectId && Boolean(session.project.synced_at);

  return (
    <>
      <ProjectSubPageHeader parent={parent} title={deployment.display_name}>
        {permissions.canUpdateProject && (
          <Group gap="sm">
            <RollbackButton deployment={deployment} />
            <PromoteButton deployment={deployment} />
            <DeployButton projectId={projectId} deployment={deployment} synced={synced} canDeploy label="Deploy…" variant="filled" />
          </Group>
        )}
      </ProjectSubPageHeader>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <DeploymentDetails
            deployment={deployment}
            showDeployed={permissions.isSuperUser || permissions.canUpdateProject}
            session={session}
          />
          {permissions.canUpdateProject && (
            <Card withBorder padding="md" component="section" aria-label="Edit deployment">
              <DeploymentSettingsForm key={deployment.id} deployment={deployment} />
            </Card>
          )}
        </SimpleGrid>
        <Stack gap="xs" component="section" aria-label="Deploy history">
          <Title order={3} size="h4">
            Deploy history
          </Title>
          <DeployHistoryTable projectId={projectId} deploymentId={deployment.id} />
        </Stack>
      </Stack>
    </>
  );
}
