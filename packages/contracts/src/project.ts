import { z } from 'zod';
import { jsonObject, strictObject, text } from './fields';
import { jargonAnswerSchema, jargonSchema } from './jargon';
import { defineList } from './list';
import { messages } from './messages';
import { REDACTION_KINDS } from './privacy';
import { roleSchema } from './roles';

export const NOT_SYNCED_LABEL = 'Not Synced';

/** A project as the workspace's project list shows it. */
export const projectSummarySchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  display_name: z.string(),
  description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  synced_at: z.string().nullable(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

/** POST /workspace/{id}/project. */
export const createProjectBody = strictObject({
  display_name: text('Name', 3, 128),
  description: text('Description', 0, 255).default(''),
});
export type CreateProjectBody = z.input<typeof createProjectBody>;

export const projectList = defineList({
  sortable: ['display_name', 'updated_at', 'created_at', 'synced_at'],
  filters: {
    display_name: { kind: 'text' },
    updated_at: { kind: 'date' },
    synced_at: { kind: 'date' },
  },
});

/**
 * GET /project: a project the caller can read, from any workspace: through a role on the project
 * itself, one on its workspace, or (super users) every project. The workspace is named because a
 * project's member need not be a member of its workspace.
 */
export const readableProjectSchema = projectSummarySchema.extend({
  workspace_display_name: z.string(),
  /** The caller's role on the project (the stronger of its own and the workspace's); null for a super user without one. */
  role: roleSchema.nullable(),
});
export type ReadableProject = z.infer<typeof readableProjectSchema>;

export const readableProjectList = defineList({
  sortable: ['display_name', 'workspace_display_name', 'updated_at', 'created_at', 'synced_at'],
  filters: {
    display_name: { kind: 'text' },
    workspace_display_name: { kind: 'text' },
    workspace_id: { kind: 'key' },
    updated_at: { kind: 'date' },
    synced_at: { kind: 'date' },
  },
});

/** Project settings: the bounds and defaults of the answer's word cut-off and the out-of-scope response. */
export const RESPONSE_WORD_CUTOFF_RANGE = { min: 16, max: 1024 } as const;
export const DEFAULT_RESPONSE_WORD_CUTOFF = 200;
const OUT_OF_SCOPE_RESPONSE_MAX = 2048;
export const DEFAULT_OUT_OF_SCOPE_RESPONSE =
  "I'm sorry, I don't have an answer to that. Could you ask in another way?";

/**
 * What a visitor who asks for a person ('I want to speak to a human') is told, unless the project
 * says otherwise: a team writes where a person can be reached (an e-mail address, a link).
 */
export const HANDOFF_MESSAGE_MAX = 2048;
export const DEFAULT_HANDOFF_MESSAGE =
  "I can't put you through to a person from this chat yet. Please contact our team directly, and they will get back to you.";
/**
 * `pipeline_config.handoff_examples`: the project's own requests for a person, replacing the built-in
 * recognition (`[]` turns it off). Bounded like a team's list of phrases, not a training set.
 */
export const HANDOFF_EXAMPLES_MAX = 100;
export const HANDOFF_EXAMPLE_MAX = 256;

/**
 * A pipeline_config whose genhybrid names an operator's model key (`api_key_env`) for a URL whose
 * origin the operator's MODEL_ENDPOINTS does not allow for that key: the key would go to whoever
 * chose the URL.
 */
export const modelEndpointRefused = (keyEnv: string) =>
  `Pipeline Config genhybrid.url must be an endpoint the operator allows for ${keyEnv} (MODEL_ENDPOINTS)`;

/** Why a pipeline_config's handoff_examples cannot be used, or null (absent, or a list of 0-100 texts of 1-256 characters). */
function handoffExamplesProblem(pipelineConfig: Record<string, unknown>): string | null {
  const examples = pipelineConfig.handoff_examples;
  if (examples === undefined) return null;
  const texts = Array.isArray(examples) && examples.every((example) => typeof example === 'string' && example.trim().length > 0 && example.length <= HANDOFF_EXAMPLE_MAX);
  if (!texts) return `Pipeline Config handoff_examples must be a list of texts of 1 to ${HANDOFF_EXAMPLE_MAX} characters`;
  return examples.length > HANDOFF_EXAMPLES_MAX ? `Pipeline Config handoff_examples must hold at most ${HANDOFF_EXAMPLES_MAX} examples` : null;
}

/** A project's pipeline config: a bounded JSON object whose handoff examples, if any, are usable. */
const pipelineConfigField = jsonObject('Pipeline Config').check((ctx) => {
  const problem = handoffExamplesProblem(ctx.value);
  if (problem) ctx.issues.push({ code: 'custom', input: ctx.value, message: problem });
});

/** A project with its settings and jargon: GET /project/{id}. */
export const projectSchema = projectSummarySchema.extend({
  response_word_cutoff: z.number().int(),
  out_of_scope_response: z.string(),
  handoff_message: z.string(),
  pipeline_config: z.record(z.string(), z.unknown()),
  jargon: jargonAnswerSchema,
  redaction_enabled: z.boolean(),
  redaction_kinds: z.array(z.enum(REDACTION_KINDS)),
  retention_days: z.number().int().nullable(),
});
export type Project = z.infer<typeof projectSchema>;

const wordCutoff = z
  .number({ error: 'Response Word Cutoff must be a number' })
  .int({ error: 'Response Word Cutoff must be a whole number' })
  .min(RESPONSE_WORD_CUTOFF_RANGE.min, { error: messages.notLessThan('Response Word Cutoff', RESPONSE_WORD_CUTOFF_RANGE.min) })
  .max(RESPONSE_WORD_CUTOFF_RANGE.max, { error: messages.notGreaterThan('Response Word Cutoff', RESPONSE_WORD_CUTOFF_RANGE.max) });

/** The settings form of the project page (everything but the jargon, which has its own screen). */
export const projectSettingsFields = {
  display_name: text('Name', 3, 128),
  description: text('Description', 0, 255),
  response_word_cutoff: wordCutoff,
  out_of_scope_response: text('Out of Scope Response', 0, OUT_OF_SCOPE_RESPONSE_MAX),
  handoff_message: text('Handoff Message', 0, HANDOFF_MESSAGE_MAX),
  pipeline_config: pipelineConfigField,
};
export const projectSettingsBody = strictObject(projectSettingsFields);

/**
 * PUT /project/{id}: any of the settings and the jargon; a field left out keeps its value, so the
 * settings form and the Jargon Mapper each send only what they edit.
 */
export const updateProjectBody = strictObject({
  ...Object.fromEntries(Object.entries(projectSettingsFields).map(([key, schema]) => [key, schema.optional()])),
  jargon: jargonSchema.optional(),
} as {
  [K in keyof typeof projectSettingsFields]: z.ZodOptional<(typeof projectSettingsFields)[K]>;
} & { jargon: z.ZodOptional<typeof jargonSchema> }).refine((body) => Object.values(body).some((value) => value !== undefined), { error: messages.noFieldToUpdate });
export type UpdateProjectBody = z.input<typeof updateProjectBody>;

/** POST /project/{id}/clone: the copy's name, by default the original's with ' (copy)'. */
export const cloneProjectBody = strictObject({ display_name: text('Name', 3, 128).optional() });
export type CloneProjectBody = z.input<typeof cloneProjectBody>;

export function cloneName(name: string): string {
  const suffix = ' (copy)';
  return `${name.slice(0, 128 - suffix.length)}${suffix}`;
}
