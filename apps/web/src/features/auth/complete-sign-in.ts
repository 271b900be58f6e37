import type { LoginResult } from '@console/contracts';
import { paths } from '@/config/paths';
import { getAppState, setAuth, setCurrentUser, setMfaPending } from '@/lib/storage';

/**
 * After a sign-in that returned real tokens (password without MFA, or MFA): keep the pair, set the
 * user (a different user starts with a clean context) and answer where to go: the remembered
 * project, else the remembered workspace, else the workspace list.
 */
export function completeSignIn(result: LoginResult): string {
  if (!result.token || !result.refresh_token) throw new Error('The server did not return a session.');
  setAuth({ token: result.token, refresh_token: result.refresh_token });
  setMfaPending(null);
  if (result.user_id) setCurrentUser(result.user_id);
  const state = getAppState();
  if (state.project) return paths.project.to(state.project);
  if (state.workspace) return paths.workspace.to(state.workspace);
  return paths.workspaces.to();
}
