import { z } from 'zod';
import { strictObject, trimmedText, uuidPattern } from './fields';
import { messages } from './messages';

/**
 * The inbox of questions the assistant failed (console route `insight`) and the fixes made from it
 * (route `resolver`). A failed question is an answer refused as out of scope, answered with low
 * confidence, disliked by its visitor, or ended in an error. Failed questions are grouped by meaning
 * into topics in the background as they arrive; a topic keeps its fixes, and after the next sync
 * its questions are asked again of the newest version to show whether the fixes worked.
 */

export const insightFailures = ['oos', 'low_confidence', 'disliked', 'error'] as const;
export type InsightFailure = (typeof insightFailures)[number];
export const insightFailureLabels: Record<InsightFailure, string> = {
  oos: 'Out of scope',
  low_confidence: 'Low confidence',
  disliked: 'Disliked',
  error: 'Error',
};

/** The inbox's window when none is chosen: the last 7 days. */
export const INSIGHT_DEFAULT_WINDOW_DAYS = 7;
/** The longest window the inbox reads. */
export const INSIGHT_MAX_WINDOW_DAYS = 366;
/** Below this confidence an answered question counts as failed, unless the inbox is told another. */
export const INSIGHT_DEFAULT_THRESHOLD = 0.5;
/**
 * Answers below this confidence are kept for the inbox, so its threshold can be raised up to it
 * without asking again; above it an answer is failed only when disliked or erroneous.
 */
export const INSIGHT_MAX_THRESHOLD = 0.9;
/** Whether an answer failed on its own (refused, or content below INSIGHT_MAX_THRESHOLD): what the inbox keeps of it. */
export function answerFailed(responseType: string | null, confidence: number | null): boolean {
  return responseType === 'oos' || (responseType === 'content' && confidence !== null && confidence < INSIGHT_MAX_THRESHOLD);
}

/** How many sample questions a topic shows in the list. */
export const INSIGHT_SAMPLES = 5;
/** How many items, reasons and words a topic lists. */
export const INSIGHT_TOP = 5;
/** At most this many of a topic's questions (distinct texts) go into one fix. */
export const INSIGHT_FIX_MAX_QUESTIONS = 200;

const uuidMessage = (field: string) => messages.uuid(field);
const uuid = (field: string) => z.string({ error: uuidMessage(field) }).regex(uuidPattern, { error: uuidMessage(field) });
/** The item a fix points at: none chosen reads as such (a form says it before anything is sent), a malformed id as one. */
const chosenItem = z
  .string({ error: uuidMessage('Content ID') })
  .min(1, { error: messages.selected('Content item') })
  .regex(uuidPattern, { error: uuidMessage('Content ID') });
const flag = (field: string) =>
  z
    .enum(['true', 'false'], { error: `${field} must be true or false` })
    .transform((value) => value === 'true')
    .optional();

/**
 * GET /project/{id}/insight: the topics of a window (default the last 7 days up to now) and
 * deployment (by key; default every deployment), by impact (questions x conversations).
 */
export const inboxQuery = z.object({
  from: z.coerce.date({ error: 'From must be a date' }).optional(),
  to: z.coerce.date({ error: 'To must be a date' }).optional(),
  deployment_key: z.string().max(128, { error: messages.atMostChars('Deployment Key', 128) }).optional(),
  threshold: z.coerce
    .number({ error: 'Threshold must be a number' })
    .min(0, { error: messages.notLessThan('Threshold', 0) })
    .max(INSIGHT_MAX_THRESHOLD, { error: messages.notGreaterThan('Threshold', INSIGHT_MAX_THRESHOLD) })
    .default(INSIGHT_DEFAULT_THRESHOLD),
  /** The Real-Time Test's questions are left out unless asked for. */
  include_realtime: flag('Include Real-Time Test'),
  include_dismissed: flag('Include dismissed'),
  limit: z.coerce.number({ error: 'Limit must be a number' }).int().min(1, { error: messages.notLessThan('Limit', 1) }).max(100, { error: messages.notGreaterThan('Limit', 100) }).default(20),
  offset: z.coerce.number({ error: 'Offset must be a number' }).int().min(0, { error: messages.notLessThan('Offset', 0) }).default(0),
});
export type InboxQuery = z.input<typeof inboxQuery>;

/** One failed question as the inbox and the resolver show it. */
export const insightQuestionSchema = z.object({
  /** The answer's event (its trace opens from the conversation). */
  answer_id: z.string(),
  conv_id: z.string(),
  utterance: z.string(),
  asked_at: z.string(),
  deployment_id: z.string().nullable(),
  failures: z.array(z.enum(insightFailures)),
  confidence: z.number().nullable(),
  /** The trace's refusal reason, in words. */
  refusal: z.string().nullable(),
  /** The item given, if any. */
  content_id: z.string().nullable(),
  subject: z.string().nullable(),
});
export type InsightQuestion = z.infer<typeof insightQuestionSchema>;

const countedItem = z.object({ content_id: z.string(), subject: z.string(), count: z.number().int(), score: z.number().nullable() });

export const fixKinds = ['add_utterances', 'new_content', 'jargon', 'out_of_scope', 'test_cases', 'dismiss'] as const;
export type FixKind = (typeof fixKinds)[number];
export const fixKindLabels: Record<FixKind, string> = {
  add_utterances: 'Added as utterances',
  new_content: 'New content item',
  jargon: 'Jargon mapping',
  out_of_scope: 'Out-of-scope examples',
  test_cases: 'Test cases',
  dismiss: 'Dismissed',
};

/** After the next sync a fix's questions are asked again of the newest version. */
export const fixCheckStatuses = ['waiting_for_sync', 'checking', 'done'] as const;
export const fixCheckSchema = z.object({
  status: z.enum(fixCheckStatuses),
  version: z.number().int().nullable(),
  /** Questions now answered as the fix intended, of those asked again. */
  passed: z.number().int(),
  total: z.number().int(),
});
export type FixCheck = z.infer<typeof fixCheckSchema>;

export const fixSchema = z.object({
  id: z.string(),
  kind: z.enum(fixKinds),
  /** What was done, in words ("12 utterances added to 'Opening hours'"). */
  summary: z.string(),
  /** The item the fix points the questions at, when it has one (added utterances, a new item, test cases expecting it). */
  content_id: z.string().nullable(),
  question_count: z.number().int(),
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  /** Null for fixes that expect nothing of the answers (dismiss). */
  check: fixCheckSchema.nullable(),
});
export type Fix = z.infer<typeof fixSchema>;

export const topicStatuses = ['open', 'fixed', 'dismissed'] as const;
export type TopicStatus = (typeof topicStatuses)[number];

/** A topic of the inbox: its questions in the window, why they failed and what answered them. */
export const topicSchema = z.object({
  id: z.string(),
  /** Its most central question. */
  label: z.string(),
  status: z.enum(topicStatuses),
  question_count: z.number().int(),
  conversation_count: z.number().int(),
  /** Questions of the previous window of the same length. */
  previous_count: z.number().int(),
  impact: z.number().int(),
  failures: z.record(z.enum(insightFailures), z.number().int()),
  samples: z.array(insightQuestionSchema),
  /** The trace's refusal reasons, counted by their wording (a figure that differs among them reads "…"), most frequent first. */
  reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  /** The items the assistant gave or nearly gave (its best candidates), most frequent first. */
  items: z.array(countedItem),
  fixes: z.array(fixSchema),
});
export type Topic = z.infer<typeof topicSchema>;

export const inboxSchema = z.object({
  records: z.array(topicSchema),
  total: z.number().int(),
  from: z.string(),
  to: z.string(),
  threshold: z.number(),
  /** Failed questions of the window (all topics). */
  question_count: z.number().int(),
  /** Failed questions stored but not yet grouped (grouping runs in the background). */
  pending: z.number().int(),
});
export type Inbox = z.infer<typeof inboxSchema>;

/** GET /project/{id}/insight/topic/{topicId}: the topic with the window's questions, paged, and what a fix can start from. */
export const topicQuestionsQuery = inboxQuery.omit({ include_dismissed: true, limit: true, offset: true }).extend({
  limit: z.coerce.number({ error: 'Limit must be a number' }).int().min(1, { error: messages.notLessThan('Limit', 1) }).max(500, { error: messages.notGreaterThan('Limit', 500) }).default(100),
  offset: z.coerce.number({ error: 'Offset must be a number' }).int().min(0, { error: messages.notLessThan('Offset', 0) }).default(0),
});
export const topicDetailSchema = z.object({
  topic: topicSchema,
  questions: z.array(insightQuestionSchema),
  total: z.number().int(),
  /** The items nearest the topic's questions in meaning (or words), with their scores. */
  suggested_items: z.array(z.object({ content_id: z.string(), subject: z.string(), score: z.number() })),
  /** Words most of the topic's questions share and the project's content does not use: jargon candidates. */
  shared_words: z.array(z.object({ word: z.string(), count: z.number().int() })),
});
export type TopicDetail = z.infer<typeof topicDetailSchema>;

const selection = z
  .array(uuid('Answer ID'))
  .min(1, { error: 'Choose at least one question' })
  .max(INSIGHT_FIX_MAX_QUESTIONS, { error: `At most ${INSIGHT_FIX_MAX_QUESTIONS} questions go into one fix` })
  .optional();

/**
 * POST /project/{id}/insight/topic/{topicId}/fix: one fix for the topic's questions (all of them,
 * distinct texts, at most INSIGHT_FIX_MAX_QUESTIONS, or the `answer_ids` chosen).
 */
export const fixBody = z.discriminatedUnion(
  'kind',
  [
    strictObject({ kind: z.literal('add_utterances'), content_id: chosenItem, answer_ids: selection }),
    strictObject({ kind: z.literal('new_content'), subject: trimmedText('Subject', 1, 1024), answer_ids: selection }),
    strictObject({
      kind: z.literal('jargon'),
      keyword: trimmedText('Keyword', 1, 255),
      terms: z.array(trimmedText('Term', 1, 255)).min(1, { error: 'terms must be nonempty.' }).max(50, { error: 'At most 50 terms' }),
    }),
    strictObject({ kind: z.literal('out_of_scope'), answer_ids: selection }),
    strictObject({
      kind: z.literal('test_cases'),
      expect: z.discriminatedUnion('type', [
        strictObject({ type: z.literal('content'), content_id: chosenItem }),
        strictObject({ type: z.literal('out_of_scope') }),
      ]),
      answer_ids: selection,
    }),
    strictObject({ kind: z.literal('dismiss') }),
  ],
  { error: 'Kind must be one of add_utterances, new_content, jargon, out_of_scope, test_cases, dismiss' },
);
export type FixBody = z.input<typeof fixBody>;

export const fixAnswerSchema = z.object({ fix: fixSchema, topic: topicSchema });

export const insightMessages = {
  itemGone: 'The content item no longer exists; choose another.',
  noQuestions: 'None of the chosen questions belong to this topic.',
  windowTooLong: `The window must be at most ${INSIGHT_MAX_WINDOW_DAYS} days`,
  windowReversed: 'From must be before To',
} as const;
