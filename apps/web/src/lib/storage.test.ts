import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_STATE_STORAGE_KEY, AUTH_STORAGE_KEY, DRAWER_STORAGE_KEY } from '@console/contracts';
import { fakeWindow } from './test-browser';

const browser = fakeWindow();
vi.stubGlobal('window', browser);
const storage = await import('./storage');

beforeEach(() => {
  browser.localStorage.clear();
  browser.sessionStorage.clear();
});

describe('auth storage', () => {
  it('keeps and reads the token pair under the contracts key', () => {
    storage.setAuth({ token: 'a', refresh_token: 'r' });
    expect(JSON.parse(browser.localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null')).toEqual({ token: 'a', refresh_token: 'r' });
    expect(storage.getAuth()).toEqual({ token: 'a', refresh_token: 'r' });
    storage.clearAuth();
    expect(storage.getAuth()).toBeNull();
  });

  it('treats unreadable or wrongly shaped data as signed out', () => {
    browser.localStorage.setItem(AUTH_STORAGE_KEY, '{not json');
    expect(storage.getAuth()).toBeNull();
    browser.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ token: 5 }));
    expect(storage.getAuth()).toBeNull();
  });

  it('returns the same object while the stored value is unchanged (stable snapshots)', () => {
    storage.setAuth({ token: 'a', refresh_token: 'r' });
    expect(storage.getAuth()).toBe(storage.getAuth());
  });
});

describe('app state clearing rules', () => {
  beforeEach(() => {
    storage.setCurrentUser('u1');
    storage.setCurrentWorkspace('w1');
    storage.setCurrentProject('p1');
    storage.setCurrentDeployment('d1');
  });

  it('stores workspace, project, deployment and user under the contracts key', () => {
    expect(JSON.parse(browser.localStorage.getItem(APP_STATE_STORAGE_KEY) ?? 'null')).toEqual({
      workspace: 'w1',
      project: 'p1',
      deployment: 'd1',
      user: 'u1',
    });
  });

  it('changing project clears deployment', () => {
    storage.setCurrentProject('p2');
    expect(storage.getAppState()).toEqual({ workspace: 'w1', project: 'p2', deployment: null, user: 'u1' });
  });

  it('changing workspace clears project and deployment', () => {
    storage.setCurrentWorkspace('w2');
    expect(storage.getAppState()).toEqual({ workspace: 'w2', project: null, deployment: null, user: 'u1' });
  });

  it('a project opened with its workspace keeps the deployment when only the workspace was missing', () => {
    storage.setCurrentProjectIn('w2', 'p1');
    expect(storage.getAppState()).toEqual({ workspace: 'w2', project: 'p1', deployment: 'd1', user: 'u1' });
    storage.setCurrentProjectIn('w2', 'p3');
    expect(storage.getAppState()).toEqual({ workspace: 'w2', project: 'p3', deployment: null, user: 'u1' });
  });

  it('changing user clears everything', () => {
    storage.setCurrentUser('u2');
    expect(storage.getAppState()).toEqual({ workspace: null, project: null, deployment: null, user: 'u2' });
  });

  it('setting the same values changes nothing', () => {
    storage.setCurrentUser('u1');
    storage.setCurrentWorkspace('w1');
    storage.setCurrentProject('p1');
    expect(storage.getAppState()).toEqual({ workspace: 'w1', project: 'p1', deployment: 'd1', user: 'u1' });
  });

  it('bad data means no context', () => {
    browser.localStorage.setItem(APP_STATE_STORAGE_KEY, JSON.stringify({ workspace: 1 }));
    expect(storage.getAppState()).toEqual({ workspace: null, project: null, deployment: null, user: null });
  });
});

describe('drawer flag', () => {
  it('persists open and closed', () => {
    expect(storage.getDrawerOpen()).toBe(false);
    storage.setDrawerOpen(true);
    expect(browser.localStorage.getItem(DRAWER_STORAGE_KEY)).toBe('true');
    expect(storage.getDrawerOpen()).toBe(true);
    storage.setDrawerOpen(false);
    expect(storage.getDrawerOpen()).toBe(false);
  });
});

describe('pending MFA token', () => {
  it('lives in session storage, never in auth storage', () => {
    storage.setMfaPending({ email: 'a@example.com', token: 'pending' });
    expect(storage.getMfaPending()).toEqual({ email: 'a@example.com', token: 'pending' });
    expect(storage.getAuth()).toBeNull();
    expect(browser.localStorage.length).toBe(0);
  });
});
