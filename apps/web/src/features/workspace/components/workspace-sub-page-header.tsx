import type { ReactNode } from 'react';
import { Anchor, Breadcrumbs } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';

/** A workspace sub-page's heading: breadcrumbs back to the workspace, the title and its buttons. */
export function WorkspaceSubPageHeader({
  workspaceId,
  workspaceName,
  title,
  children,
}: {
  workspaceId: string;
  workspaceName: string | undefined;
  title: string;
  children?: ReactNode;
}) {
  return (
    <>
      <Breadcrumbs mb="xs" fz="sm">
        <Anchor component={Link} to={paths.workspaces.to()}>
          Workspaces
        </Anchor>
        <Anchor component={Link} to={paths.workspace.to(workspaceId)}>
          {workspaceName ?? 'Workspace'}
        </Anchor>
      </Breadcrumbs>
      <PageTitle title={title}>{children}</PageTitle>
    </>
  );
}
