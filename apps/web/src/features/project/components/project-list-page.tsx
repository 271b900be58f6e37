import { Text } from '@mantine/core';
import { PageTitle } from '@/components/page-title';
import { ReadableProjectTable } from './readable-project-table';

/**
 * /project: every project the caller can open, in any workspace, also those of workspaces they are
 * not a member of (a role on the project alone), which no workspace's page would list.
 */
export function ProjectListPage() {
  return (
    <>
      <PageTitle title="Projects" />
      <Text size="sm" c="dimmed" mb="md">
        Every project you can open, in any workspace.
      </Text>
      <ReadableProjectTable />
    </>
  );
}
