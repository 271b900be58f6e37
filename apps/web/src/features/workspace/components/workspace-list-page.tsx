import { canAdminister } from '@console/contracts';
import { PageTitle } from '@/components/page-title';
import { useSession } from '@/features/session/api/get-session';
import { CreateWorkspaceButton } from './create-workspace-button';
import { WorkspaceTable } from './workspace-table';

/** /workspace: the caller's workspaces (all of them for super users); super users create. */
export function WorkspaceListPage() {
  const session = useSession().data;
  return (
    <>
      <PageTitle title="Workspaces">{session && canAdminister(session.user) && <CreateWorkspaceButton />}</PageTitle>
      <WorkspaceTable />
    </>
  );
}
