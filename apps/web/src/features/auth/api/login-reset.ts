import { useMutation } from '@tanstack/react-query';
import { loginResetBody, loginResult, type LoginResetBody, type LoginResult } from '@console/contracts';
import { api } from '@/lib/api-client';

export function loginReset(body: LoginResetBody): Promise<LoginResult> {
  return api.post('/login/reset', loginResetBody.parse(body), { auth: 'none', schema: loginResult });
}

export function useLoginReset() {
  return useMutation({ mutationFn: loginReset });
}
