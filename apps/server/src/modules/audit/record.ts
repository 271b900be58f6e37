import type { AuditAction, AuditChange, AuditResourceType } from '@console/contracts';
import type { AppContext, Caller } from '../../context';
import { auditEntries } from '../../db/schema/index';

export interface AuditRecord {
  action: AuditAction;
  resourceType: AuditResourceType;
  resourceId: string | null;
  resourceLabel: string;
  workspaceId?: string | null;
  projectId?: string | null;
  details?: Record<string, unknown>;
  /**
   * Who acted, when the request's token or key does not say: the account of a sign-in or reset (by
   * its e-mail, known or not). Without it and without a token or key, the entry is anonymous.
   */
  actor?: { id: string | null; label: string };
}

/** Who an entry names: the request's user or key; else the account a sign-in step named; else no one ('system' in background work). */
function authorOf(ctx: Pick<AppContext, 'caller'>, record: AuditRecord): Caller {
  const caller = ctx.caller;
  if (caller && caller.type !== 'anonymous') return caller;
  const address = caller?.address ?? null;
  if (record.actor) return { type: record.actor.id ? 'user' : 'anonymous', ...record.actor, address };
  return caller ?? { type: 'anonymous', id: null, label: 'system', address };
}

/**
 * Appends an entry. Pass the ctx of the action's own transaction (`{ ...ctx, db: tx }`): the entry
 * commits with the action or not at all, so nothing happens without its record.
 */
export async function recordAudit(ctx: Pick<AppContext, 'db' | 'now' | 'caller'>, record: AuditRecord): Promise<void> {
  const caller = authorOf(ctx, record);
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
