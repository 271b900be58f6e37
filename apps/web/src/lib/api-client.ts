import type { z } from 'zod';
import { apiErrorSchema, errorDetails, errorTitle, refreshResult, type AuthStorage } from '@console/contracts';
import { clearAuth, getAuth, setAuth } from './storage';

/** Base path of the REST API. */
export const API_BASE = '/api/v1';

/** A failed call: carries the server's error body {status, title, detail, traceback}. */
export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly traceback: string[];

  constructor(body: { status: number; title: string; detail: string; traceback: string[] }) {
    super(`${body.title}: ${body.detail}`);
    this.name = 'ApiError';
    this.status = body.status;
    this.title = body.title;
    this.detail = body.detail;
    this.traceback = body.traceback;
  }
}

/** How an error reads on screen: '{title}: {detail}' for the server's, else the message. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return `${error.title}: ${error.detail}`;
  if (error instanceof Error && error.message) return error.message;
  return errorDetails.internal;
}

/** Just the detail of an error (sign-in screens show the server's detail under the button). */
export function errorDetail(error: unknown): string {
  if (error instanceof ApiError) return error.detail;
  if (error instanceof Error && error.message) return error.message;
  return errorDetails.internal;
}

let onSessionEnded: () => void = () => {
  window.location.assign('/login/password');
};

/** The app decides how to leave for the sign-in screen (router navigation) when a refresh fails. */
export function setSessionEndedHandler(handler: () => void) {
  onSessionEnded = handler;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** Validates the answer; without it the answer is returned as parsed JSON. */
  schema?: z.ZodType<T>;
  /**
   * 'session' (default): the stored access token, refreshed once on 401.
   * 'none': no bearer (public sign-in calls). A string: that bearer, never refreshed (pending MFA).
   */
  auth?: 'session' | 'none' | string;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) return new ApiError(parsed.data);
  return new ApiError({
    status: response.status,
    title: errorTitle(response.status),
    detail: response.statusText || errorTitle(response.status),
    traceback: [],
  });
}

// One refresh at a time: concurrent 401s wait for the same promise instead of each spending the refresh token.
let refreshing: Promise<AuthStorage | null> | null = null;

async function refreshOnce(): Promise<AuthStorage | null> {
  refreshing ??= (async () => {
    const current = getAuth();
    if (!current) return null;
    try {
      const response = await fetch(buildUrl('/login/refresh'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ refresh_token: current.refresh_token }),
      });
      if (!response.ok) return null;
      const parsed = refreshResult.safeParse(await response.json());
      if (!parsed.success) return null;
      setAuth(parsed.data);
      return parsed.data;
    } catch {
      return null;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function send(url: string, options: RequestOptions<unknown>, bearer: string | null): Promise<Response> {
  const headers: Record<string, string> = {};
  // A form (file upload) sets its own multipart content type; anything else is sent as JSON.
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  return fetch(url, {
    method: options.method ?? (options.body !== undefined ? 'POST' : 'GET'),
    headers,
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  });
}

/** Sends a call with the session's bearer, refreshing once on 401; throws ApiError for any non-2xx answer. */
async function authorizedFetch(path: string, options: RequestOptions<unknown>): Promise<Response> {
  const url = buildUrl(path, options.query);
  const mode = options.auth ?? 'session';
  const usedToken = mode === 'session' ? (getAuth()?.token ?? null) : mode === 'none' ? null : mode;

  let response = await send(url, options as RequestOptions<unknown>, usedToken);

  if (response.status === 401 && mode === 'session' && usedToken) {
    // Another call may already have refreshed while this one was in flight: then just retry.
    const stored = getAuth();
    const fresh = stored && stored.token !== usedToken ? stored : await refreshOnce();
    if (!fresh) {
      const error = await toApiError(response);
      clearAuth();
      onSessionEnded();
      throw error;
    }
    response = await send(url, options as RequestOptions<unknown>, fresh.token);
  }

  if (!response.ok) throw await toApiError(response);
  return response;
}

/** Calls the API and reads its JSON answer. Throws ApiError for any non-2xx answer. */
async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const response = await authorizedFetch(path, options as RequestOptions<unknown>);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const json: unknown = text ? JSON.parse(text) : undefined;
  return options.schema ? options.schema.parse(json) : (json as T);
}

/** The file name a download answer names in Content-Disposition (RFC 6266), or the fallback. */
export function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed encoding falls through to the plain name.
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? fallback;
}

/** A file the API answered: its bytes and name. */
export interface Download {
  blob: Blob;
  fileName: string;
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  /** Without a body (sync, deploy) nothing is sent, not even a content type. */
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body: body ?? {} }),
  delete: <T>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  /** POSTs a multipart form (file upload) and reads the JSON answer. */
  upload: <T>(path: string, form: FormData, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: form }),
  /** GETs a file (an export) with the session's bearer. */
  download: async (path: string, fallbackName: string, options: Pick<RequestOptions<unknown>, 'query' | 'signal'> = {}): Promise<Download> => {
    const response = await authorizedFetch(path, { ...options, method: 'GET' });
    return { blob: await response.blob(), fileName: fileNameOf(response, fallbackName) };
  },
  /** GETs an answer whose body the caller reads as it arrives (a streamed export, with progress), with the session's bearer. */
  stream: (path: string, options: Pick<RequestOptions<unknown>, 'query' | 'signal'> = {}): Promise<Response> =>
    authorizedFetch(path, { ...options, method: 'GET' }),
};
