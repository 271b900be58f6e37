import { Alert, Anchor, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/**
 * Tells a super user without a working role here why Create Project, Import Project and Add Member
 * are missing: super users administer every workspace, but working in one takes a membership.
 * On the workspace page it links to the Memberships page, where the Join this Workspace button is.
 */
export function JoinWorkspaceHint({ workspaceId, onMembershipPage = false }: { workspaceId: string; onMembershipPage?: boolean }) {
  const join = onMembershipPage ? (
    'Join this Workspace'
  ) : (
    <Anchor component={Link} to={paths.workspaceMembership.to(workspaceId)} size="sm">
      Join this Workspace
    </Anchor>
  );
  return (
    <Alert
      role="note"
      aria-label="Join this Workspace"
      color="blue"
      variant="light"
      icon={<IconInfoCircle size={18} />}
      p="sm"
      mb={onMembershipPage ? 'md' : 0}
    >
      <Text size="sm">
        Create Project, Import Project and Add Member need an editor or admin role in this workspace. As a super user you
        can give yourself one: {join}.
      </Text>
    </Alert>
  );
}
