import { Anchor, Card, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { splitOrigins, type Deployment, type Session } from '@console/contracts';
import { CopyValueButton } from '@/components/copy-value-button';
import { DetailList } from '@/components/detail-list';
import { paths, projectPaths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';

/** The conversations of one deployment: the conversation list filtered by its key. */
function deploymentConversationsPath(deployment: Pick<Deployment, 'project_id' | 'key'>): string {
  return `${projectPaths.conversations.to(deployment.project_id)}?${new URLSearchParams({ deployment_key__eq: deployment.key })}`;
}

interface DeploymentDetailsProps {
  deployment: Deployment;
  /** Super users and those with canUpdateProject see when it was deployed and by whom. */
  showDeployed: boolean;
  /** Names the workspace and project links when the session is about them. */
  session: Session | undefined;
}

/** The card of a deployment: name, ID (with Copy), key, the version it answers from, whether it requires passing tests, allowed origins, See Conversations, deployed info, workspace and project. */
export function DeploymentDetails({ deployment, showDeployed, session }: DeploymentDetailsProps) {
  const origins = splitOrigins(deployment.allowed_origins);
  const workspaceName = session?.workspace?.id === deployment.workspace_id ? session.workspace.display_name : 'Workspace';
  const projectName = session?.project?.id === deployment.project_id ? session.project.display_name : 'Project';
  const link = (to: string, text: string) => (
    <Anchor component={Link} to={to} size="sm">
      {text}
    </Anchor>
  );

  return (
    <Card withBorder padding="md" component="section" aria-label="Deployment details">
      <DetailList
        items={[
          { label: 'Name', value: deployment.display_name },
          // The Resource ID of an API key that reads this deployment's conversations.
          {
            label: 'ID',
            value: (
              <Group gap="xs" wrap="nowrap">
                <Text ff="monospace" size="xs">
                  {deployment.id}
                </Text>
                <CopyValueButton value={deployment.id} label="Copy ID" />
              </Group>
            ),
          },
          { label: 'Deployment Key', value: <Text ff="monospace" size="xs">{deployment.key}</Text> },
          {
            label: 'Version',
            value:
              deployment.version === null
                ? 'Not deployed yet'
                : link(projectPaths.version.to(deployment.project_id, deployment.version), `Version ${deployment.version}`),
          },
          { label: 'Require passing tests', value: deployment.require_passing_tests ? 'Yes' : 'No' },
          { label: 'Allowed Origins', value: origins.length ? origins.join(', ') : 'None: no site may use the widget yet.' },
          { label: 'Modified', value: formatDateTime(deployment.updated_at) },
          ...(showDeployed
            ? [
                { label: 'Deployed', value: deployment.deployed_at ? formatDateTime(deployment.deployed_at) : 'Never deployed' },
                { label: 'Deployer', value: deployment.deployer_name ?? '—' },
              ]
            : []),
          { label: 'Conversations', value: link(deploymentConversationsPath(deployment), 'See Conversations') },
          { label: 'Workspace', value: link(paths.workspace.to(deployment.workspace_id), workspaceName) },
          { label: 'Project', value: link(projectPaths.settings(deployment.project_id), projectName) },
        ]}
      />
    </Card>
  );
}
