import { z } from 'zod';
import { responseTypes } from './chat';
import { strictObject, uuidText } from './fields';
import { jobSchema } from './job';
import { defineList } from './list';
import { versionNumber } from './version';

/**
 * Replays: the distinct questions visitors asked a deployment over a window (most frequent first),
 * each answered by the version the deployment answers from and by a candidate version, grouped by
 * what changed for visitors.
 */

export const REPLAY_DEFAULT_DAYS = 7;
export const REPLAY_MAX_QUESTIONS = 5000;

export const replayGroups = ['unchanged', 'changed', 'newly_refused', 'newly_answered'] as const;
export type ReplayGroup = (typeof replayGroups)[number];

export const replayGroupLabels: Record<ReplayGroup, string> = {
  unchanged: 'Unchanged',
  changed: 'Answered by another item',
  newly_refused: 'Newly refused',
  newly_answered: 'Newly answered',
};

export const replayMessages = {
  noTraffic: 'No visitor asked this deployment anything in the window: there was nothing to replay.',
  callsSkipped:
    "This project calls a model endpoint or business-logic endpoints: the replay called neither, and compared the ranked answer and the flow's step instead.",
  notDeployed: 'This deployment answers from no version yet: deploy it before replaying its traffic.',
  windowOrder: 'From must be before To',
} as const;

/** POST /project/{id}/replay. */
export const replayBody = strictObject({
  deployment_id: uuidText('Deployment Id').toLowerCase(),
  /** The candidate (default: the newest version). */
  version: versionNumber('Version').optional(),
  from: z.iso.datetime({ offset: true, error: 'From must be a date and time' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'To must be a date and time' }).optional(),
  limit: z
    .number({ error: 'Limit must be a number' })
    .int({ error: 'Limit must be a whole number' })
    .min(1, { error: 'Limit must not be less than 1' })
    .max(REPLAY_MAX_QUESTIONS, { error: `Limit must not be greater than ${REPLAY_MAX_QUESTIONS}` })
    .default(REPLAY_MAX_QUESTIONS),
});
export type ReplayBody = z.input<typeof replayBody>;

/** What an answer was, for comparing two: what decided it and with which item or step. */
export const replayAnswerSchema = z.object({
  response_type: z.enum(responseTypes),
  content_id: z.string().nullable(),
  reporting_id: z.string().nullable(),
  subject: z.string().nullable(),
  /** The flow step ('sequence › node') a scenario answer stands at. */
  step: z.string().nullable(),
  confidence: z.number().nullable(),
});
export type ReplayAnswer = z.infer<typeof replayAnswerSchema>;

export const replaySummarySchema = z.object({
  total: z.number().int(),
  groups: z.record(z.enum(replayGroups), z.number().int()),
  /** Questions answered by another item, by old item -> new item, most first. */
  moves: z.array(z.object({ before: z.string(), after: z.string(), count: z.number().int() })),
  /** Why the report says more than its counts: no traffic, calls not made. */
  notes: z.array(z.string()),
});
export type ReplaySummary = z.infer<typeof replaySummarySchema>;

export const replaySchema = z.object({
  id: z.string(),
  deployment_id: z.string(),
  deployment_name: z.string(),
  base_version: z.number().int(),
  candidate_version: z.number().int(),
  from: z.string(),
  to: z.string(),
  limit: z.number().int(),
  job: jobSchema.nullable(),
  summary: replaySummarySchema.nullable(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type Replay = z.infer<typeof replaySchema>;

export const replayList = defineList({
  sortable: ['created_at'],
  filters: { candidate_version: { kind: 'number' } },
  defaultSort: { field: 'created_at', direction: 'descending' },
});

export const replayItemSchema = z.object({
  position: z.number().int(),
  question: z.string(),
  context: z.array(z.string()),
  asked: z.number().int(),
  group: z.enum(replayGroups),
  before: replayAnswerSchema,
  after: replayAnswerSchema,
});
export type ReplayItem = z.infer<typeof replayItemSchema>;

/** GET /project/{id}/replay/{replayId}/item/{position}: both traces, side by side. */
export const replayItemDetailSchema = replayItemSchema.extend({ before_trace: z.array(z.unknown()), after_trace: z.array(z.unknown()) });
export type ReplayItemDetail = z.infer<typeof replayItemDetailSchema>;

export const replayItemList = defineList({
  sortable: ['position', 'asked'],
  filters: { group: { kind: 'select', values: replayGroups }, question: { kind: 'text' } },
  defaultSort: { field: 'position', direction: 'ascending' },
});
