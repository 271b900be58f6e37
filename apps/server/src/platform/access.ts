import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import {
  canAdminister,
  projectPermissions,
  roleGrantRefusal,
  userPermissions,
  workspacePermissions,
  type Actor,
  type ProjectPermissions,
  type Role,
  type UserPermissions,
  type WorkspacePermissions,
} from '@console/contracts';
import type { AppContext } from '../context';
import { projectIsComplete, projects, workspaces, type ProjectRow, type UserRow } from '../db/schema/index';
import { findProjectRole, findWorkspaceRole } from '../modules/session/service';
import { API_PREFIX, createAuthenticate, requireAuth } from './authenticate';
import { AppError } from './errors';

/**
 * Who may call what. Every route under /api/v1 states the access it needs where it is declared,
 * `config: { access: access.project('canUpdateSubProject') }`, and the hooks added here enforce it
 * before the handler runs; a route that states none is refused at start-up, so a forgotten guard
 * cannot ship. The rule of every workspace-scoped route: a caller who may not read the resource gets
 * 404 (its existence is not revealed); a caller who may read it but lacks the right gets 403.
 */

/** The names of the rights (the boolean flags) of a permissions object. */
type RightOf<Permissions> = { [Name in keyof Permissions]: Permissions[Name] extends boolean ? Name : never }[keyof Permissions];
/** 'read': the caller may see the resource (super users see every one); else a flag of workspacePermissions. */
type WorkspaceRight = 'read' | Exclude<RightOf<WorkspacePermissions>, 'canRead'>;
/** 'read': the caller may see the project (super users see every one); else a flag of projectPermissions. */
export type ProjectRight = 'read' | Exclude<RightOf<ProjectPermissions>, 'canRead' | 'isSuperUser'>;
type UserRight = RightOf<UserPermissions>;

/**
 * Finds the id of the workspace or project a request acts on, as stored, never as sent: the path's
 * :id itself, or the owner stored on the record the path names. null when that record does not exist.
 */
export type Locate = (ctx: AppContext, request: FastifyRequest) => Promise<string | null>;

type RouteAccess =
  | { kind: 'public' }
  | { kind: 'gate'; gate: onRequestAsyncHookHandler }
  | { kind: 'signed-in' }
  | { kind: 'super-user' }
  | { kind: 'user'; right: UserRight }
  | { kind: 'workspace'; right: WorkspaceRight; locate: Locate }
  | { kind: 'project'; right: ProjectRight; locate: Locate };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a caller needs to reach the route; required on every route under /api/v1. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The workspace a `workspace` declaration loaded and checked, with the caller's role and rights. */
    workspaceAccess: WorkspaceAccess | null;
    /** The project a `project` declaration loaded and checked, with the caller's role and rights. */
    projectAccess: ProjectAccess | null;
  }
}

/** The path's :id, the resource or record a route acts on. */
export function pathIdOf(request: FastifyRequest): string {
  const { id } = request.params as { id?: unknown };
  if (typeof id !== 'string') throw new Error(`${request.routeOptions.url} has no :id for its access declaration`);
  return id;
}

/** The path's :id is the workspace or project itself. */
const pathResource: Locate = async (_ctx, request) => pathIdOf(request);

/** The path's :id names a record of `id`'s table; the workspace or project is the `owner` stored on it. */
export function storedOwner(id: AnyPgColumn, owner: AnyPgColumn): Locate {
  return async (ctx, request) => {
    const [row] = await ctx.db
      .select({ owner })
      .from(id.table as PgTable)
      .where(eq(id, pathIdOf(request)))
      .limit(1);
    return row ? String(row.owner) : null;
  };
}

/** The access declarations, one per kind of caller a route admits. */
export const access = {
  /** Anyone, without a token (sign-in, the about box). */
  public: { kind: 'public' },
  /** Anyone who passes the route's own gate instead of a user token (a deployment key and origin, an API key). */
  gate: (gate: onRequestAsyncHookHandler): RouteAccess => ({ kind: 'gate', gate }),
  /** Any signed-in user. */
  signedIn: { kind: 'signed-in' },
  /** Super users alone; everyone else 403. */
  superUser: { kind: 'super-user' },
  /** A right over the user the path's :id names (userPermissions), decided before the user is looked up. */
  user: (right: UserRight): RouteAccess => ({ kind: 'user', right }),
  /** A right on a workspace: the path's :id, or the owner `locate` finds. */
  workspace: (right: WorkspaceRight, locate: Locate = pathResource): RouteAccess => ({ kind: 'workspace', right, locate }),
  /** A right on a project: the path's :id, or the owner `locate` finds. */
  project: (right: ProjectRight, locate: Locate = pathResource): RouteAccess => ({ kind: 'project', right, locate }),
} as const satisfies Record<string, RouteAccess | ((...args: never[]) => RouteAccess)>;

export function actorOf(user: UserRow): Actor {
  return { id: user.id, is_super_user: user.isSuperUser };
}

export type WorkspaceRow = typeof workspaces.$inferSelect;

export interface WorkspaceAccess {
  workspace: WorkspaceRow;
  role: Role | null;
  permissions: ReturnType<typeof workspacePermissions>;
}

/** Loads a workspace the caller may read (else 404) with the caller's role and rights on it. */
async function readableWorkspace(ctx: AppContext, user: UserRow, workspaceId: string): Promise<WorkspaceAccess> {
  const [workspace] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  if (!workspace) throw AppError.notFound();
  const role = await findWorkspaceRole(ctx, user.id, workspace.id);
  const permissions = workspacePermissions(actorOf(user), role);
  if (!permissions.canRead) throw AppError.notFound();
  return { workspace, role, permissions };
}

/** 403 unless the right is granted (the caller already passed the read check). */
export function demand(allowed: boolean): void {
  if (!allowed) throw AppError.forbidden();
}

/**
 * 403 with the rule's message unless the caller may give this role: never above their own effective
 * role on the resource, admin only by an admin, never to themselves once they have a role there.
 */
export function demandRoleGrant(...grant: Parameters<typeof roleGrantRefusal>): void {
  const refusal = roleGrantRefusal(...grant);
  if (refusal) throw AppError.forbidden(refusal);
}

export interface ProjectAccess {
  project: ProjectRow;
  role: Role | null;
  permissions: ReturnType<typeof projectPermissions>;
}

/**
 * Loads a project the caller may read (else 404) with the caller's rights on it: any role on the
 * project (its own or inherited from the workspace), or a super user, who reads every project but
 * writes only where a role allows. Every project-area route calls this, with the project id of the
 * record it touches as stored, never as sent.
 */
async function readableProject(ctx: AppContext, user: UserRow, projectId: string): Promise<ProjectAccess> {
  const [project] = await ctx.db.select().from(projects).where(and(eq(projects.id, projectId), projectIsComplete())).limit(1);
  if (!project) throw AppError.notFound();
  const role = await findProjectRole(ctx, user.id, project);
  const permissions = projectPermissions(actorOf(user), role);
  if (!permissions.canRead && !canAdminister(actorOf(user))) throw AppError.notFound();
  return { project, role, permissions };
}

/** The checked workspace of a route declared with `access.workspace(...)`. */
export function workspaceAccessOf(request: FastifyRequest): WorkspaceAccess {
  if (!request.workspaceAccess) throw new Error(`${request.routeOptions.url} does not declare workspace access`);
  return request.workspaceAccess;
}

/** The checked project of a route declared with `access.project(...)`. */
export function projectAccessOf(request: FastifyRequest): ProjectAccess {
  if (!request.projectAccess) throw new Error(`${request.routeOptions.url} does not declare project access`);
  return request.projectAccess;
}

/** Loads what `locate` finds (404 when nothing) through `readable`, then demands the right. */
async function located<Found extends { permissions: object }>(
  ctx: AppContext,
  request: FastifyRequest,
  locate: Locate,
  readable: (ctx: AppContext, user: UserRow, id: string) => Promise<Found>,
  granted: (permissions: Found['permissions']) => boolean,
): Promise<Found> {
  const id = await locate(ctx, request);
  if (!id) throw AppError.notFound();
  const found = await readable(ctx, requireAuth(request).user, id);
  demand(granted(found.permissions));
  return found;
}

/** The check a declaration makes once the caller is known and the input valid (null: none beyond that). */
function authorizer(ctx: AppContext, declared: RouteAccess): preHandlerAsyncHookHandler | null {
  switch (declared.kind) {
    case 'public':
    case 'gate':
    case 'signed-in':
      return null;
    case 'super-user':
      return async (request) => demand(canAdminister(actorOf(requireAuth(request).user)));
    case 'user':
      return async (request) => demand(userPermissions(actorOf(requireAuth(request).user), pathIdOf(request))[declared.right]);
    case 'workspace':
      return async (request) => {
        request.workspaceAccess = await located(ctx, request, declared.locate, readableWorkspace, (permissions) =>
          declared.right === 'read' || permissions[declared.right],
        );
      };
    case 'project':
      return async (request) => {
        request.projectAccess = await located(ctx, request, declared.locate, readableProject, (permissions) =>
          declared.right === 'read' || permissions[declared.right],
        );
      };
  }
}

const asList = <Hook>(hooks: Hook | Hook[] | undefined): Hook[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/**
 * Enforces every /api/v1 route's declared access as the route is added: who the caller is first
 * (a user token, or the route's own gate), then, once the input is valid (a malformed id is a 400
 * before anything is looked up), the right. Must be registered before any route.
 */
export function registerAccess(app: FastifyInstance, ctx: AppContext): void {
  const authenticate = createAuthenticate(ctx);
  app.decorateRequest('auth', null);
  app.decorateRequest('workspaceAccess', null);
  app.decorateRequest('projectAccess', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_PREFIX}/`)) return;
    const declared = route.config?.access;
    if (!declared) throw new Error(`${String(route.method)} ${route.url} states no access: declare config.access (platform/access.ts)`);
    const identify = declared.kind === 'public' ? [] : declared.kind === 'gate' ? [declared.gate] : [authenticate];
    route.onRequest = [...identify, ...asList(route.onRequest)];
    const authorize = authorizer(ctx, declared);
    if (authorize) route.preHandler = [authorize, ...asList(route.preHandler)];
  });
}
