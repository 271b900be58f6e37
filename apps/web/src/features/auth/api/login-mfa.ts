import { useMutation } from '@tanstack/react-query';
import { loginMfaBody, loginResult, type LoginMfaBody, type LoginResult } from '@console/contracts';
import { api } from '@/lib/api-client';
import { getMfaPending } from '@/lib/storage';

/** The pending-MFA token from the password step goes as bearer; it is never stored as the session. */
export function loginMfa(body: LoginMfaBody): Promise<LoginResult> {
  const parsed = loginMfaBody.parse(body);
  const pending = getMfaPending();
  const bearer = pending && pending.email === parsed.email ? pending.token : 'none';
  return api.post('/login/mfa', parsed, { auth: bearer, schema: loginResult });
}

export function useLoginMfa() {
  return useMutation({ mutationFn: loginMfa });
}
