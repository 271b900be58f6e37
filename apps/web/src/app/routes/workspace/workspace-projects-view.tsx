import { Alert, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { ErrorView } from '@/components/error-view';
import { FullPageLoader } from '@/components/full-page-loader';
import { PageTitle } from '@/components/page-title';
import { useReadableProjects } from '@/features/project/api/get-readable-projects';
import { ReadableProjectTable } from '@/features/project/components/readable-project-table';

/**
 * The workspace page of someone who is not its member but has a role on some of its projects: the
 * workspace's details, members and keys stay closed, its projects they can read are listed. Anyone
 * else sees why the workspace could not be read.
 */
export function WorkspaceProjectsView({ workspaceId, workspaceError }: { workspaceId: string; workspaceError: unknown }) {
  const probe = useReadableProjects({ workspace_id__eq: workspaceId, limit: 1 });
  if (probe.isPending) return <FullPageLoader label="Loading workspace" />;
  const first = probe.data?.records[0];
  if (!first) {
    return (
      <>
        <PageTitle title="Workspace" />
        <ErrorView error={workspaceError} />
      </>
    );
  }
  return (
    <>
      <PageTitle title={first.workspace_display_name} />
      <Stack gap="md">
        <Alert role="note" aria-label="Project access" color="blue" variant="light" icon={<IconInfoCircle size={18} />} p="sm">
          <Text size="sm">
            You are not a member of this workspace. These are its projects you were given a role on.
          </Text>
        </Alert>
        <ReadableProjectTable workspaceId={workspaceId} />
      </Stack>
    </>
  );
}
