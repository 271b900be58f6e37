import { useMutation } from '@tanstack/react-query';
import { loginForgotBody, loginResult, type LoginForgotBody, type LoginResult } from '@console/contracts';
import { api } from '@/lib/api-client';

export function loginForgot(body: LoginForgotBody): Promise<LoginResult> {
  return api.post('/login/forgot', loginForgotBody.parse(body), { auth: 'none', schema: loginResult });
}

export function useLoginForgot() {
  return useMutation({ mutationFn: loginForgot });
}
