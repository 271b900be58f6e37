import { z } from 'zod';
import { defineList } from './list';

/**
 * The audit log: every action that changes who can do what, or what visitors get, with who did it,
 * from which address and on what. Entries are only ever added; none is edited or deleted by a route.
 */
export const auditActions = [
  'sign_in.succeeded',
  'sign_in.failed',
  'mfa.failed',
  'password_reset.requested',
  'password_reset.completed',
  'invitation.sent',
  'invitation.accepted',
  'password.changed',
  'password.change_refused',
  'password.set',
  'user.created',
  'user.blocked',
  'user.unblocked',
  'user.deleted',
  'user.super_user_granted',
  'user.super_user_revoked',
  'user.mfa_enabled',
  'user.mfa_disabled',
  'membership.granted',
  'membership.removed',
  'api_key.created',
  'api_key.changed',
  'api_key.deleted',
  'workspace.created',
  'workspace.deleted',
  'project.created',
  'project.deleted',
  'project.imported',
  'project.cloned',
  'project.synced',
  'project.settings_changed',
  'project.retention_changed',
  'project.model_endpoint_refused',
  'deployment.deployed',
  'deployment.rolled_back',
  'deployment.promoted',
  'conversations.erased',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditResourceTypes = ['user', 'workspace', 'project', 'deployment', 'api_key'] as const;
export type AuditResourceType = (typeof auditResourceTypes)[number];

/** Who acted: a signed-in user, an API key, or someone not signed in (a failed sign-in, a reset request). */
export const auditActorTypes = ['user', 'api_key', 'anonymous'] as const;
export type AuditActorType = (typeof auditActorTypes)[number];

/** Entries are kept two years, then deleted by the audit log's own retention. */
export const AUDIT_RETENTION_DAYS = 730;

/** A change's fields as they were and as they became; only the fields that changed. */
export type AuditChange = Record<string, { before: unknown; after: unknown }>;

export const auditEntrySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  action: z.enum(auditActions),
  actor_type: z.enum(auditActorTypes),
  actor_id: z.string().nullable(),
  /** The user's e-mail address or the key's name when the entry was written: it stays when they are deleted. */
  actor_label: z.string(),
  address: z.string().nullable(),
  workspace_id: z.string().nullable(),
  project_id: z.string().nullable(),
  resource_type: z.enum(auditResourceTypes),
  resource_id: z.string().nullable(),
  resource_label: z.string(),
  /** What the action did: counts, roles, settings before and after; never the erased data itself. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditEntryList = defineList({
  sortable: ['created_at', 'action', 'actor_label', 'resource_label'],
  defaultSort: { field: 'created_at', direction: 'descending' },
  filters: {
    created_at: { kind: 'date' },
    action: { kind: 'select', values: auditActions },
    actor_label: { kind: 'text' },
    address: { kind: 'text' },
    resource_type: { kind: 'select', values: auditResourceTypes },
    resource_label: { kind: 'text' },
  },
});

/** The CSV export's columns, in order. */
export const AUDIT_EXPORT_COLUMNS = [
  'created_at',
  'action',
  'actor_type',
  'actor_id',
  'actor_label',
  'address',
  'workspace_id',
  'project_id',
  'resource_type',
  'resource_id',
  'resource_label',
  'details',
] as const satisfies readonly (keyof AuditEntry)[];

/** Rows per export: a larger window is narrowed with the list's filters. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

export function auditExportFileName(scope: string, at: Date): string {
  return `audit-log-${scope}-${at.toISOString().slice(0, 10)}.csv`;
}
