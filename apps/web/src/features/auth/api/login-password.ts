import { useMutation } from '@tanstack/react-query';
import { loginPasswordBody, loginResult, type LoginPasswordBody, type LoginResult } from '@console/contracts';
import { api } from '@/lib/api-client';

export function loginPassword(body: LoginPasswordBody): Promise<LoginResult> {
  return api.post('/login/password', loginPasswordBody.parse(body), { auth: 'none', schema: loginResult });
}

export function useLoginPassword() {
  return useMutation({ mutationFn: loginPassword });
}
