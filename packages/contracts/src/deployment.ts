import { z } from 'zod';
import { strictObject, text } from './fields';
import { defineList } from './list';
import { messages } from './messages';

/**
 * Deployments: a deployment key the widget uses, the origins allowed to use
 * it, and the snapshot it answers from. Deploy points it at the project's newest snapshot.
 */

export const deploymentMessages = {
  notSynced: 'Sync the project before deploying.',
} as const;

export const deploymentSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  workspace_id: z.string(),
  key: z.string(),
  display_name: z.string(),
  /** The allowed origins, joined with commas. */
  allowed_origins: z.string(),
  snapshot_id: z.string().nullable(),
  deployed_at: z.string().nullable(),
  deployer_id: z.string().nullable(),
  /** The deployer's name, for the deployed info of the detail screen. */
  deployer_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Deployment = z.infer<typeof deploymentSchema>;

/** Splits the comma-joined list; blanks between commas are ignored. */
export function splitOrigins(value: string): string[] {
  return value
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

/** An origin is an http(s) URL equal to its own origin: scheme, host and port, nothing else (not even a trailing '/'). */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

/** Comma-joined origins, each a valid origin; stored and answered in a normal form (no blanks, no repeats). */
const allowedOriginsSchema = z
  .string({ error: 'Allowed Origins must be text' })
  .max(8192, { error: messages.atMostChars('Allowed Origins', 8192) })
  .superRefine((value, ctx) => {
    for (const origin of splitOrigins(value)) {
      if (!isOrigin(origin)) {
        ctx.addIssue({ code: 'custom', message: messages.invalidUrl('Allowed Origin', origin) });
        return;
      }
    }
  })
  .transform((value) => [...new Set(splitOrigins(value))].join(','));

/** POST /project/{id}/deployment. */
export const createDeploymentBody = strictObject({
  display_name: text('Name', 3, 128),
  allowed_origins: allowedOriginsSchema.optional().default(''),
});
export type CreateDeploymentBody = z.input<typeof createDeploymentBody>;

/** PUT /project/{id}/deployment/{id}: a name of 3-128 if given, origins each valid, at least one of them given. */
export const updateDeploymentBody = strictObject({
  display_name: text('Name', 3, 128).optional(),
  allowed_origins: allowedOriginsSchema.optional(),
}).refine((body) => body.display_name !== undefined || body.allowed_origins !== undefined, { error: messages.noFieldToUpdate });
export type UpdateDeploymentBody = z.input<typeof updateDeploymentBody>;

export const deploymentList = defineList({
  sortable: ['display_name', 'key', 'updated_at', 'created_at', 'deployed_at'],
  filters: {
    display_name: { kind: 'text' },
    key: { kind: 'text' },
    updated_at: { kind: 'date' },
  },
});

/**
 * GET /workspace/{id}/deployment: a deployment of any project of the workspace, named with its
 * project, for choosing the deployment an API key reads (no key, origins or snapshot).
 */
export const workspaceDeploymentSchema = z.object({ id: z.string(), display_name: z.string(), project_id: z.string(), project_display_name: z.string() });
export type WorkspaceDeployment = z.infer<typeof workspaceDeploymentSchema>;

export const workspaceDeploymentList = defineList({
  sortable: ['project_display_name', 'display_name', 'updated_at'],
  filters: {
    display_name: { kind: 'text' },
    project_display_name: { kind: 'text' },
  },
});

/** POST /project/{id}/sync: the new snapshot and when the project was synced. */
export const syncAnswerSchema = z.object({
  snapshot_id: z.string(),
  synced_at: z.string(),
  /**
   * What the snapshot holds, for the console's message, and the texts whose sentence vectors the sync
   * embedded or found stored from an earlier sync (both 0 for lexical understanding).
   */
  stats: z.object({
    contents: z.number().int(),
    intents: z.number().int(),
    utterances: z.number().int(),
    embedded: z.number().int(),
    reused: z.number().int(),
  }),
});
export type SyncAnswer = z.infer<typeof syncAnswerSchema>;
