import { projectPermissions, workspacePermissions, type Role } from '@console/contracts';
import { useSession } from '@/lib/api/get-session';
import { useWorkspace } from './api/get-workspace';

/**
 * The workspace and what the caller may do in it (contracts workspacePermissions). The role is the
 * session's workspace_role once the session is about this workspace, else the workspace's own `role`.
 */
export function useWorkspaceAccess(workspaceId: string) {
  const session = useSession().data;
  const workspace = useWorkspace(workspaceId);
  const role: Role | null =
    session?.workspace?.id === workspaceId ? session.workspace_role : (workspace.data?.role ?? null);
  const user = session?.user ?? { id: '', is_super_user: false };
  return {
    session,
    workspace,
    role,
    permissions: workspacePermissions(user, role),
    // A project's role is at least the one inherited from its workspace.
    projectPermissions: projectPermissions(user, role),
  };
}
