import { loginRefreshBody } from '@console/contracts';
import { api } from '@/lib/api-client';

/** Ends the session on the server: its refresh token, and every access token of it, stop working. */
export function loginSignOut(refreshToken: string): Promise<void> {
  return api.post('/login/sign-out', loginRefreshBody.parse({ refresh_token: refreshToken }), { auth: 'none' });
}
