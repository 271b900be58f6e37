import { Badge, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { Version } from '@console/contracts';
import { projectPaths } from '@/config/paths';

/** The deployments answering from a version, each a badge linking to its page; `none` when there is none. */
export function DeploymentBadges({ projectId, deployments, none }: { projectId: string; deployments: Version['deployments']; none: string }) {
  if (!deployments.length) return none;
  return (
    <Group gap={4}>
      {deployments.map((deployment) => (
        <Badge
          key={deployment.id}
          component={Link}
          to={projectPaths.deployment.to(projectId, deployment.id)}
          variant="light"
          tt="none"
          style={{ cursor: 'pointer' }}
        >
          {deployment.display_name}
        </Badge>
      ))}
    </Group>
  );
}
