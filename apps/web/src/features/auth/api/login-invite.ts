import { useMutation } from '@tanstack/react-query';
import { loginInviteBody, loginResult, type LoginInviteBody, type LoginResult } from '@console/contracts';
import { api } from '@/lib/api-client';

export function loginInvite(body: LoginInviteBody): Promise<LoginResult> {
  return api.post('/login/invite', loginInviteBody.parse(body), { auth: 'none', schema: loginResult });
}

export function useLoginInvite() {
  return useMutation({ mutationFn: loginInvite });
}
