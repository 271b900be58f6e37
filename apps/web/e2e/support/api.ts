import { expect, type APIRequestContext } from '@playwright/test';
import type { SeededUser } from './users';

/** One API call as a signed-in user; anything but success fails the test with the server's answer. */
export async function call<T>(api: APIRequestContext, method: 'get' | 'post' | 'put', path: string, token: string, data?: unknown): Promise<T> {
  const response = await api[method](`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${method.toUpperCase()} ${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The access token of a password sign-in through the API, for setting records up without the screens. */
export async function signInToken(api: APIRequestContext, user: Pick<SeededUser, 'email' | 'password'>): Promise<string> {
  const signIn = await api.post('/api/v1/login/password', { data: { email: user.email, password: user.password } });
  return ((await signIn.json()) as { token: string }).token;
}
