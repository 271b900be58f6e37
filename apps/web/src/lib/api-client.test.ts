import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeWindow } from './test-browser';

const browser = fakeWindow();
vi.stubGlobal('window', browser);
const { ApiError, api, errorMessage, setSessionEndedHandler } = await import('./api-client');
const { getAuth, setAuth } = await import('./storage');

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const unauthorized = () => json(401, { status: 401, title: 'Unauthorized', detail: 'Sign in again.', traceback: [] });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  browser.localStorage.clear();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.stubGlobal('window', browser);
});

const bearer = (call: unknown[]) => (call[1] as RequestInit).headers as Record<string, string>;

describe('api client', () => {
  it('sends the stored token as bearer under /api/v1', async () => {
    setAuth({ token: 't1', refresh_token: 'r1' });
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await expect(api.get('/session', { query: { workspace: 'w', project: undefined } })).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/session?workspace=w');
    expect(bearer(fetchMock.mock.calls[0]!).Authorization).toBe('Bearer t1');
  });

  it('refreshes once for concurrent 401s, stores the new pair and retries each call', async () => {
    setAuth({ token: 'old', refresh_token: 'r-old' });
    let refreshes = 0;
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).Authorization;
      if (url === '/api/v1/login/refresh') {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return json(200, { token: 'new', refresh_token: 'r-new' });
      }
      return auth === 'Bearer new' ? json(200, { url }) : unauthorized();
    });
    const answers = await Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    expect(answers).toEqual([{ url: '/api/v1/a' }, { url: '/api/v1/b' }, { url: '/api/v1/c' }]);
    expect(refreshes).toBe(1);
    expect(getAuth()).toEqual({ token: 'new', refresh_token: 'r-new' });
  });

  it('on a failed refresh clears the tokens and leaves for sign-in', async () => {
    setAuth({ token: 'old', refresh_token: 'r-old' });
    const ended = vi.fn();
    setSessionEndedHandler(ended);
    fetchMock.mockImplementation(async () => unauthorized());
    await expect(api.get('/session')).rejects.toBeInstanceOf(ApiError);
    expect(getAuth()).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('does not refresh for public calls', async () => {
    fetchMock.mockResolvedValueOnce(
      json(401, { status: 401, title: 'Unauthorized', detail: 'Incorrect email or password.', traceback: [] }),
    );
    const failure = api.post('/login/password', { email: 'a', password: 'b' }, { auth: 'none' });
    await expect(failure).rejects.toMatchObject({ detail: 'Incorrect email or password.' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('turns error bodies into ApiError and reads them as "{title}: {detail}"', async () => {
    fetchMock.mockResolvedValueOnce(
      json(404, { status: 404, title: 'Not Found', detail: 'The requested resource was not found.', traceback: ['x'] }),
    );
    const error = await api.get('/nothing', { auth: 'none' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(errorMessage(error)).toBe('Not Found: The requested resource was not found.');
    expect((error as InstanceType<typeof ApiError>).traceback).toEqual(['x']);
  });

  it('reads other errors by their message, else Internal Server Error', () => {
    expect(errorMessage(new Error('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessage('strange')).toBe('Internal Server Error');
  });
});
