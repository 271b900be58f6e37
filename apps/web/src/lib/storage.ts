import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import {
  APP_STATE_STORAGE_KEY,
  AUTH_STORAGE_KEY,
  DRAWER_STORAGE_KEY,
  LAST_ACTIVITY_STORAGE_KEY,
  MFA_PENDING_STORAGE_KEY,
  SIGN_IN_NOTICE_STORAGE_KEY,
  authStorageSchema,
  type AuthStorage,
} from '@console/contracts';

/**
 * Browser storage of the console: the auth pair, the app state
 * (workspace, project, deployment, user) and the drawer flag. Reads are validated;
 * anything unreadable counts as absent (signed out, no context). Components subscribe
 * through the hooks below, so a change made anywhere (or in another tab) re-renders them.
 */

type Listener = () => void;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const ownKeys = new Set([AUTH_STORAGE_KEY, APP_STATE_STORAGE_KEY, DRAWER_STORAGE_KEY]);
if (typeof window !== 'undefined') {
  // Another tab signed in or out, or changed the context.
  window.addEventListener('storage', (event) => {
    if (event.key === null || ownKeys.has(event.key)) emit();
  });
}

function readRaw(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function writeRaw(storage: Storage, key: string, value: string | null) {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Storage full or disabled: the console still works for this page view.
  }
}

/** Parses a stored JSON value once per distinct raw string, so snapshots stay referentially stable. */
function cachedReader<T>(storage: () => Storage, key: string, parse: (value: unknown) => T) {
  let lastRaw: string | null | undefined;
  let lastValue: T;
  return (): T => {
    const raw = readRaw(storage(), key);
    if (raw !== lastRaw) {
      lastRaw = raw;
      let json: unknown;
      try {
        json = raw === null ? null : JSON.parse(raw);
      } catch {
        json = null;
      }
      lastValue = parse(json);
    }
    return lastValue;
  };
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

// ---------------------------------------------------------------- auth tokens

export const getAuth = cachedReader<AuthStorage | null>(local, AUTH_STORAGE_KEY, (value) => {
  const parsed = authStorageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
});

export function setAuth(auth: AuthStorage) {
  writeRaw(local(), AUTH_STORAGE_KEY, JSON.stringify(authStorageSchema.parse(auth)));
  emit();
}

export function clearAuth() {
  writeRaw(local(), AUTH_STORAGE_KEY, null);
  emit();
}

export function useAuth(): AuthStorage | null {
  return useSyncExternalStore(subscribe, getAuth);
}

// ---------------------------------------------------------------- app state

const appStateSchema = z.object({
  workspace: z.string().nullable(),
  project: z.string().nullable(),
  deployment: z.string().nullable(),
  user: z.string().nullable(),
});
export type AppState = z.infer<typeof appStateSchema>;

const emptyAppState: AppState = Object.freeze({ workspace: null, project: null, deployment: null, user: null });

export const getAppState = cachedReader<AppState>(local, APP_STATE_STORAGE_KEY, (value) => {
  const parsed = appStateSchema.safeParse(value);
  return parsed.success ? parsed.data : emptyAppState;
});

function writeAppState(next: AppState) {
  const current = getAppState();
  if (
    current.workspace === next.workspace &&
    current.project === next.project &&
    current.deployment === next.deployment &&
    current.user === next.user
  ) {
    return; // unchanged: no write, no re-render (keeps effects that set state from looping)
  }
  writeRaw(local(), APP_STATE_STORAGE_KEY, JSON.stringify(next));
  emit();
}

/** Changing user clears everything else. */
export function setCurrentUser(user: string | null) {
  const current = getAppState();
  if (current.user === user) return;
  writeAppState({ ...emptyAppState, user });
}

/** Changing workspace clears project and deployment. */
export function setCurrentWorkspace(workspace: string | null) {
  const current = getAppState();
  if (current.workspace === workspace) return;
  writeAppState({ ...current, workspace, project: null, deployment: null });
}

/** Changing project clears deployment. */
export function setCurrentProject(project: string | null) {
  const current = getAppState();
  if (current.project === project) return;
  writeAppState({ ...current, project, deployment: null });
}

/**
 * A project together with its workspace (a project link opened directly): the workspace becomes
 * current too, and the deployment is cleared only if the project changed.
 */
export function setCurrentProjectIn(workspace: string, project: string) {
  const current = getAppState();
  if (current.workspace === workspace && current.project === project) return;
  writeAppState({ ...current, workspace, project, deployment: current.project === project ? current.deployment : null });
}

export function setCurrentDeployment(deployment: string | null) {
  writeAppState({ ...getAppState(), deployment });
}

/** Forgets the context (workspace, project, deployment) and the user. */
export function clearAppState() {
  writeRaw(local(), APP_STATE_STORAGE_KEY, null);
  emit();
}

export function useAppState(): AppState {
  return useSyncExternalStore(subscribe, getAppState);
}

// ---------------------------------------------------------------- Real-Time Test drawer

export const getDrawerOpen = cachedReader<boolean>(local, DRAWER_STORAGE_KEY, (value) => value === true);

export function setDrawerOpen(open: boolean) {
  writeRaw(local(), DRAWER_STORAGE_KEY, JSON.stringify(open));
  emit();
}

export function useDrawerOpen(): boolean {
  return useSyncExternalStore(subscribe, getDrawerOpen);
}

// ---------------------------------------------------------------- pending MFA sign-in

/**
 * The pending-MFA token (password answer whose token equals its refresh token) is good only for
 * /login/mfa. It lives in this tab's session storage for the MFA step and never in auth storage.
 */
const mfaPendingSchema = z.object({ email: z.string(), token: z.string() });
export type MfaPending = z.infer<typeof mfaPendingSchema>;

export const getMfaPending = cachedReader<MfaPending | null>(session, MFA_PENDING_STORAGE_KEY, (value) => {
  const parsed = mfaPendingSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
});

export function setMfaPending(pending: MfaPending | null) {
  writeRaw(session(), MFA_PENDING_STORAGE_KEY, pending ? JSON.stringify(pending) : null);
}

// ---------------------------------------------------------------- note for the next sign-in screen

/**
 * A one-time note for the sign-in screen (e.g. why the user was signed out). Kept in this tab's
 * session storage rather than navigation state, because the auth guard may redirect first.
 */

export function setSignInNotice(notice: string | null) {
  writeRaw(session(), SIGN_IN_NOTICE_STORAGE_KEY, notice);
}

export function getSignInNotice(): string | null {
  return readRaw(session(), SIGN_IN_NOTICE_STORAGE_KEY);
}

// ---------------------------------------------------------------- last activity, shared by the tabs

/**
 * When the user was last active in any tab of the console (epoch ms, 0 when unknown). The sign-in is
 * shared by the tabs, so the inactivity sign-out must be too: an idle tab may not sign out a user at
 * work in another.
 */
export function getSharedActivity(): number {
  const value = Number(readRaw(local(), LAST_ACTIVITY_STORAGE_KEY));
  return Number.isFinite(value) && value > 0 ? value : 0;
}

export function setSharedActivity(at: number) {
  writeRaw(local(), LAST_ACTIVITY_STORAGE_KEY, String(at));
}
