import { projectPermissions } from '@console/contracts';
import { useSession } from '@/lib/api/get-session';

/**
 * What the caller may do in a project (contracts projectPermissions), from the
 * session's project role once the session is about this project. Until then every right is off, so
 * no button shows before the server has said it may.
 */
export function useProjectAccess(projectId: string) {
  const session = useSession().data;
  const current = session?.project?.id === projectId;
  const role = current ? session.project_role : null;
  const user = session?.user ?? { id: '', is_super_user: false };
  return { session, role, ready: current, permissions: projectPermissions(user, role) };
}
