import { z } from 'zod';
import { strictObject, trimmedText } from './fields';
import { defineList } from './list';

/**
 * Versions: every sync's snapshot is a version of its project, numbered 1, 2, 3, ... per project.
 * Versions beyond the newest VERSIONS_KEPT that no deployment, deploy history entry, test run or
 * replay names may be pruned.
 */

export const VERSIONS_KEPT = 100;
export const VERSION_NOTE_MAX = 256;

export const versionMessages = {
  pruning: `Versions beyond the newest ${VERSIONS_KEPT} are pruned unless a deployment, a deploy history entry, a test run or a replay names them.`,
} as const;

/** What a version holds, counted at sync. */
export const versionCountsSchema = z.object({
  contents: z.number().int(),
  intents: z.number().int(),
  utterances: z.number().int(),
  slots: z.number().int(),
  sequences: z.number().int(),
});
export type VersionCounts = z.infer<typeof versionCountsSchema>;

export const versionSchema = z.object({
  /** The snapshot's id. */
  id: z.string(),
  number: z.number().int(),
  note: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable(),
  counts: versionCountsSchema,
  /** The project's deployments answering from this version now. */
  deployments: z.array(z.object({ id: z.string(), display_name: z.string() })),
});
export type Version = z.infer<typeof versionSchema>;

export const versionList = defineList({
  sortable: ['number', 'created_at'],
  filters: { note: { kind: 'text' }, created_at: { kind: 'date' } },
  defaultSort: { field: 'number', direction: 'descending' },
});

/** POST /project/{id}/sync: an optional note for the version it makes (the body may be left out). */
export const syncBody = strictObject({
  note: trimmedText('Note', 0, VERSION_NOTE_MAX).optional().default(''),
});
export type SyncBody = z.input<typeof syncBody>;

/** A version named by its number in a path or a body. */
export const versionNumber = (field: string) =>
  z.coerce.number({ error: `${field} must be a version number` }).int({ error: `${field} must be a version number` }).min(1, { error: `${field} must be a version number` });

/** GET /project/{id}/version/{number}/diff: against another version (default: the one Production answers from, else the one before). */
export const versionDiffQuery = z.object({ against: versionNumber('Against').optional() });

export const diffKinds = ['content', 'intent', 'slot', 'jargon', 'sequence', 'scenario', 'setting'] as const;
export type DiffKind = (typeof diffKinds)[number];
export const diffChanges = ['added', 'removed', 'changed'] as const;

/**
 * One item that differs between two versions: its kind, what happened, its scalar fields before and
 * after (as text: a response as its plain text, JSON settings pretty-printed), and for its lists
 * (utterances, actions, terms, nodes) what was added and removed.
 */
export const diffItemSchema = z.object({
  kind: z.enum(diffKinds),
  change: z.enum(diffChanges),
  /** The item's id (a jargon keyword, a setting's field name). */
  id: z.string(),
  name: z.string(),
  fields: z.array(z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() })),
  lists: z.array(z.object({ field: z.string(), added: z.array(z.string()), removed: z.array(z.string()) })),
});
export type DiffItem = z.infer<typeof diffItemSchema>;

/** From `from` (what answers now, or the older) to `to` (the version shown). */
export const versionDiffSchema = z.object({
  from: z.number().int().nullable(),
  to: z.number().int(),
  items: z.array(diffItemSchema),
});
export type VersionDiff = z.infer<typeof versionDiffSchema>;

/**
 * GET /project/{id}/sync-status: what the header shows: the newest version, whether the project
 * holds changes the newest version does not (compared with what a sync would read now), and the
 * version Production answers from.
 */
export const syncStatusSchema = z.object({
  newest_version: z.number().int().nullable(),
  synced_at: z.string().nullable(),
  has_unsynced_changes: z.boolean(),
  production: z.object({ deployment_id: z.string(), display_name: z.string(), version: z.number().int().nullable() }).nullable(),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;
