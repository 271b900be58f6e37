import { z } from 'zod';
import { strictObject, text, trimmedText, uuidText } from './fields';
import { defineList } from './list';
import { messages } from './messages';
import { replaySummarySchema } from './replay';
import { testRunSchema } from './suite';
import { versionCountsSchema, versionNumber } from './version';

/**
 * Deployments: a deployment key the widget uses, the origins allowed to use it, and the version it
 * answers from. Deploy points it at a version (default the newest), rollback at the one it answered
 * from before, promote at the one another deployment answers from; each is kept in its deploy history.
 */

/** The deployments a new project gets. */
export const DEFAULT_DEPLOYMENT_NAMES = ['Production', 'Staging'] as const;
export const DEPLOY_REASON_MAX = 500;

export const deploymentActions = ['deploy', 'rollback', 'promote'] as const;
export type DeploymentAction = (typeof deploymentActions)[number];

export const deploymentMessages = {
  notSynced: 'Sync the project before deploying.',
  noEarlierVersion: 'This deployment has no earlier version to roll back to.',
  doesNotCompile: (version: number, detail: string) =>
    `Version ${version} cannot be deployed: it no longer compiles (${detail}). The deployment keeps answering from its current version.`,
  gateNoRun: (version: number) => `Version ${version} has no test run, and this deployment requires passing tests.`,
  gateRunning: (version: number) => `Version ${version}'s latest test run has not finished, and this deployment requires passing tests.`,
  gateFailing: (version: number, failed: number, total: number) =>
    `Version ${version} fails ${failed} of ${total} test cases, and this deployment requires passing tests.`,
  overrideNeedsAdmin: 'Only a project admin can deploy past "Require passing tests".',
  promoteFromItself: 'Promote from another deployment.',
  sourceNotDeployed: (name: string) => `${name} answers from no version yet.`,
  /** The version to deploy kept changing under the deploy (syncs or deploys at the same moment). */
  changedMeanwhile: 'The deployment changed while this was being deployed: try again.',
  previewOfOne: 'Preview a version or a deployment to promote from, not both.',
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
  /** The number of the version it answers from. */
  version: z.number().int().nullable(),
  require_passing_tests: z.boolean(),
  deployed_at: z.string().nullable(),
  deployer_id: z.string().nullable(),
  /** The deployer's name, for the deployed info of the detail screen. */
  deployer_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Deployment = z.infer<typeof deploymentSchema>;

/**
 * Splits the comma-joined list; blanks between commas are ignored, and an origin pasted from the
 * address bar loses its trailing '/'.
 */
export function splitOrigins(value: string): string[] {
  return value
    .split(',')
    .map((origin) => origin.trim().replace(/\/$/, ''))
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

/** PUT /project/{id}/deployment/{id}: a name of 3-128 if given, origins each valid, the gate; at least one of them given. */
export const updateDeploymentBody = strictObject({
  display_name: text('Name', 3, 128).optional(),
  allowed_origins: allowedOriginsSchema.optional(),
  require_passing_tests: z.boolean({ error: 'Require passing tests must be true or false' }).optional(),
}).refine((body) => body.display_name !== undefined || body.allowed_origins !== undefined || body.require_passing_tests !== undefined, {
  error: messages.noFieldToUpdate,
});
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

/** POST /project/{id}/sync: the new snapshot, its version number, and when the project was synced. */
export const syncAnswerSchema = z.object({
  snapshot_id: z.string(),
  version: z.number().int(),
  synced_at: z.string(),
  /** The run of the project's test cases against the new version (null: the project has none). */
  test_run_id: z.string().nullable(),
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

const reason = trimmedText('Reason', 0, DEPLOY_REASON_MAX).optional().default('');
/** A project admin's reason to deploy past "Require passing tests". */
const overrideReason = trimmedText('Override reason', 1, DEPLOY_REASON_MAX).optional();

/** POST /project/{id}/deployment/{id}/deploy: a version (default the newest); the body may be left out. */
export const deployBody = strictObject({ version: versionNumber('Version').optional(), reason, override_reason: overrideReason });
export type DeployBody = z.input<typeof deployBody>;

/** POST /project/{id}/deployment/{id}/rollback: back to the version answered from before. */
export const rollbackBody = strictObject({ reason });
export type RollbackBody = z.input<typeof rollbackBody>;

/** POST /project/{id}/deployment/{id}/promote: exactly the version another deployment answers from. */
export const promoteBody = strictObject({ from_deployment_id: uuidText('From Deployment Id').toLowerCase(), reason, override_reason: overrideReason });
export type PromoteBody = z.input<typeof promoteBody>;

export const deployHistoryEntrySchema = z.object({
  id: z.string(),
  action: z.enum(deploymentActions),
  version: z.number().int(),
  previous_version: z.number().int().nullable(),
  reason: z.string(),
  override_reason: z.string().nullable(),
  deployed_by: z.string().nullable(),
  deployed_by_name: z.string().nullable(),
  deployed_at: z.string(),
});
export type DeployHistoryEntry = z.infer<typeof deployHistoryEntrySchema>;

export const deployHistoryList = defineList({
  sortable: ['deployed_at'],
  filters: { action: { kind: 'select', values: deploymentActions } },
  defaultSort: { field: 'deployed_at', direction: 'descending' },
});

/** GET /project/{id}/deployment/{id}/preview?version=N (or ?from_deployment_id= for a promote). */
export const deployPreviewQuery = z
  .object({
    version: versionNumber('Version').optional(),
    from_deployment_id: uuidText('From Deployment Id').toLowerCase().optional(),
  })
  .refine((query) => query.version === undefined || query.from_deployment_id === undefined, { error: deploymentMessages.previewOfOne });

/**
 * What Deploy and Promote show before their confirmation: the version about to go live and the one
 * answering now, its latest test run, the latest replay of it against this deployment, and whether
 * the gate lets it through.
 */
export const deployPreviewSchema = z.object({
  deployment_id: z.string(),
  version: z.number().int(),
  version_note: z.string(),
  counts: versionCountsSchema,
  current_version: z.number().int().nullable(),
  test_run: testRunSchema.nullable(),
  replay: z.object({ id: z.string(), candidate_version: z.number().int(), base_version: z.number().int(), summary: replaySummarySchema.nullable(), finished_at: z.string().nullable() }).nullable(),
  gate: z.object({ required: z.boolean(), passes: z.boolean(), message: z.string().nullable() }),
});
export type DeployPreview = z.infer<typeof deployPreviewSchema>;
