import { vi } from 'vitest';
import type { Role, Session } from '@console/contracts';

/** One call the console made: method, path below /api/v1 (no query), query and JSON body. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** What a route answers: JSON (undefined: 204 No Content), or a Response as it is. */
type Answer = unknown;
type Handler = (call: ApiCall) => Answer | Promise<Answer>;

const API_BASE = '/api/v1';

function toResponse(answer: Answer): Response {
  if (answer instanceof Response) return answer;
  if (answer === undefined) return new Response(null, { status: 204 });
  return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

/** The server's error body (apiErrorSchema), for a handler that refuses a call. */
export function apiErrorResponse(status: number, title: string, detail: string): Response {
  return new Response(JSON.stringify({ status, title, detail, traceback: [] }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Stands in for the server at the fetch level, so a component test runs the console's own API calls,
 * schemas and query hooks: `routes` maps 'METHOD /path' (below /api/v1, without the query) to a
 * handler. A call no route names answers 404 with the server's error body, naming the call. Returns
 * the calls made, in order. The stub is undone after each test (setup.ts).
 */
export function fakeApi(routes: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://console.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.startsWith(API_BASE) ? url.pathname.slice(API_BASE.length) : url.pathname;
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path, query: url.searchParams, body };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    if (!handler) return apiErrorResponse(404, 'Not Found', `The fake API has no ${method} ${path}`);
    return toResponse(await handler(call));
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

/** GET /session as the server answers a user looking at a project where they have `role`. */
export function projectSession(projectId: string, role: Role | null): Session {
  return {
    version: 'test',
    user: { id: 'user-1', email: 'ann@example.com', display_name: 'Ann', is_super_user: false, is_staff: false },
    workspace: { id: 'workspace-1', display_name: 'Support' },
    workspace_role: null,
    project: { id: projectId, display_name: 'Help Desk', synced_at: null },
    project_role: role,
    deployment: null,
    deployment_role: null,
  };
}
