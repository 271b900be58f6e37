import { useEffect } from 'react';
import { Card, SimpleGrid } from '@mantine/core';
import { useParams } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { FullPageLoader } from '@/components/full-page-loader';
import { ProjectSubPageHeader } from '@/components/project-sub-page-header';
import { projectPaths } from '@/config/paths';
import { useProjectAccess } from '@/hooks/use-project-access';
import { setCurrentDeployment, useAppState } from '@/lib/storage';
import { useDeployment } from '../api/get-deployment';
import { DeployButton } from './deploy-button';
import { DeploymentDetails } from './deployment-details';
import { DeploymentSettingsForm } from './deployment-settings-form';

/**
 * project/{id}/deployment/{deploymentId}: the deployment's details, its name and
 * allowed origins for those who may update the project, and Deploy. Visiting it chooses the
 * deployment, so the header's Deploy deploys it from any page.
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
        <DeployButton
          projectId={projectId}
          deployment={deployment}
          synced={synced}
          canDeploy={permissions.canUpdateProject}
          variant="filled"
        />
      </ProjectSubPageHeader>
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
    </>
  );
}
