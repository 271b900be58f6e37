import { fastifyRequestContext, requestContext } from '@fastify/request-context';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditAction, AuditActorType, AuditChange, AuditResourceType } from '@console/contracts';
import type { AppContext } from '../../context';
import { auditEntries } from '../../db/schema/index';
// Where request.auth, read below, is declared.
import type {} from '../../platform/authenticate';

declare module '@fastify/request-context' {
  interface RequestContextData {
    /** The request being served, so an entry written deep in a service knows who asked and from where. */
    auditRequest: FastifyRequest;
    /** The API key a gated route admitted (the conversation store, erasure). */
    auditApiKey: { id: string; label: string } | null;
  }
}

/**
 * Keeps each request reachable from the services it calls, across awaits and body parsing, so
 * recording an entry does not need the request threaded through every service.
 */
export async function registerAuditCaller(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRequestContext, { defaultStoreValues: (request) => ({ auditRequest: request, auditApiKey: null }) });
}

/** Marks the current request as made with an API key; its entries name the key. */
export function actAsApiKey(key: { id: string; displayName: string }): void {
  requestContext.set('auditApiKey', { id: key.id, label: key.displayName });
}

export interface AuditRecord {
  action: AuditAction;
  resourceType: AuditResourceType;
  resourceId: string | null;
  resourceLabel: string;
  workspaceId?: string | null;
  projectId?: string | null;
  details?: Record<string, unknown>;
  /**
   * Who acted, when the request's token does not say: the account of a sign-in or reset (by its
   * e-mail, known or not). Without it and without a token or key, the entry is anonymous.
   */
  actor?: { id: string | null; label: string };
}

interface Caller {
  type: AuditActorType;
  id: string | null;
  label: string;
  address: string | null;
}

function callerOf(record: AuditRecord): Caller {
  const request = requestContext.get('auditRequest');
  const address = request?.ip ?? null;
  const key = requestContext.get('auditApiKey');
  if (key) return { type: 'api_key', id: key.id, label: key.label, address };
  const user = request?.auth?.user;
  if (user) return { type: 'user', id: user.id, label: user.email, address };
  if (record.actor) return { type: record.actor.id ? 'user' : 'anonymous', ...record.actor, address };
  // Background work (a scheduled job) acts for no one in particular.
  return { type: 'anonymous', id: null, label: request ? 'anonymous' : 'system', address };
}

/**
 * Appends an entry. Pass the ctx of the action's own transaction (`{ ...ctx, db: tx }`): the entry
 * commits with the action or not at all, so nothing happens without its record.
 */
export async function recordAudit(ctx: Pick<AppContext, 'db' | 'now'>, record: AuditRecord): Promise<void> {
  const caller = callerOf(record);
  await ctx.db.insert(auditEntries).values({
    createdAt: ctx.now(),
    action: record.action,
    actorType: caller.type,
    actorId: caller.id,
    actorLabel: caller.label,
    address: caller.address,
    workspaceId: record.workspaceId ?? null,
    projectId: record.projectId ?? null,
    resourceType: record.resourceType,
    resourceId: record.resourceId,
    resourceLabel: record.resourceLabel,
    details: record.details ?? {},
  });
}

/** The fields of `after` whose values differ from `before`'s, each with both values. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): AuditChange {
  const changes: AuditChange = {};
  for (const [field, value] of Object.entries(after)) {
    if (JSON.stringify(before[field]) !== JSON.stringify(value)) changes[field] = { before: before[field], after: value };
  }
  return changes;
}

/** How an entry names a project: the project, in its workspace. */
export function auditedProject(project: { id: string; displayName: string; workspaceId: string }) {
  return { resourceType: 'project', resourceId: project.id, resourceLabel: project.displayName, workspaceId: project.workspaceId, projectId: project.id } as const;
}
