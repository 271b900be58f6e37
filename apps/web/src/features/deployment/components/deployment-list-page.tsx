import { Anchor, Group, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { deploymentList, type Deployment } from '@console/contracts';
import { DataTable, modifiedColumn, nameColumn, useListQuery, type DataTableColumn } from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { projectPaths } from '@/config/paths';
import { useProjectAccess } from '@/hooks/use-project-access';
import { useDeployments } from '@/lib/api/get-deployments';
import { CreateDeploymentButton } from './create-deployment-button';
import { CreateStagingButton } from './create-staging-button';

function deploymentColumns(projectId: string): DataTableColumn<Deployment>[] {
  return [
    nameColumn((id) => projectPaths.deployment.to(projectId, id)),
    {
      key: 'version',
      header: 'Version',
      render: (deployment) =>
        deployment.version === null ? (
          'Not deployed'
        ) : (
          <Anchor component={Link} to={projectPaths.version.to(projectId, deployment.version)} size="sm">
            Version {deployment.version}
          </Anchor>
        ),
    },
    modifiedColumn({ filterable: true }),
    {
      key: 'key',
      header: 'Deployment Key',
      sortField: 'key',
      filterField: 'key',
      render: (deployment) => (
        <Text ff="monospace" size="xs">
          {deployment.key}
        </Text>
      ),
    },
  ];
}

/**
 * project/{id}/deployment: Name, Version, Modified, Deployment Key; Create Deployment (and Create
 * Staging deployment while there is none) for those who may.
 */
export function DeploymentListPage() {
  const { projectId = '' } = useParams();
  const { permissions } = useProjectAccess(projectId);
  const list = useListQuery(deploymentList);
  const query = useDeployments(projectId, list.apiQuery);

  return (
    <>
      <PageTitle title="Deployments">
        {permissions.canUpdateProject && (
          <Group gap="sm">
            <CreateStagingButton projectId={projectId} />
            <CreateDeploymentButton projectId={projectId} />
          </Group>
        )}
      </PageTitle>
      <DataTable
        label="Deployments"
        columns={deploymentColumns(projectId)}
        list={list}
        query={query}
        rowKey={(deployment) => deployment.id}
        rowName={(deployment) => deployment.display_name}
        empty={{
          title: 'No deployments yet.',
          hint: permissions.canUpdateProject
            ? 'Create Deployment adds one: the assistant answers visitors through a deployment.'
            : 'Project admins and editors create them.',
        }}
      />
    </>
  );
}
