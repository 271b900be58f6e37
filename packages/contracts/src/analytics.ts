import { z } from 'zod';
import { eventDataTypes, inputMethods, integrationTypes, responseTypes } from './chat';
import { feedbackRatings, feedbackSchema } from './feedback';
import type { ApiKeyScope } from './api-key';
import { defineList, type NumberFilterBounds } from './list';

/**
 * Analytics: the dashboard's summary and charts, the conversation
 * list and detail, the query log and its export, and the conversation-store API a workspace API key
 * reads a deployment's conversations through. Every event is a `request`, `response` or `error`; a
 * question is its request and its outcome (the response or the error, which repeats the utterance).
 */

/* ---------------------------------------------------------------- filters */

/** The feedback filter: answers (or conversations holding answers) rated up, down, or not rated. */
export const feedbackFilterValues = [...feedbackRatings, 'none'] as const;
export type FeedbackFilterValue = (typeof feedbackFilterValues)[number];

/** The range of an answer's confidence, and the step of the filter's input. */
export const CONFIDENCE_BOUNDS: NumberFilterBounds = { min: 0, max: 1, step: 0.05 };

/**
 * `include_realtime__eq=true`: the Real-Time Test's questions too. The dashboard, the query log, the
 * conversation list and the export leave them out unless asked: a team's own trials are not its visitors.
 */
export const INCLUDE_REALTIME = 'true';

/** The filters the dashboard, the lists and the export share; each is validated like any list filter. */
const eventFilters = {
  issued_at: { kind: 'date' },
  data_type: { kind: 'select', values: eventDataTypes },
  response_type: { kind: 'select', values: responseTypes },
  deployment_key: { kind: 'key' },
  include_realtime: { kind: 'select', values: [INCLUDE_REALTIME, 'false'] },
  feedback: { kind: 'select', values: feedbackFilterValues },
} as const;

/**
 * GET /project/{id}/query: one row per question, newest first: its outcome, the `response` or `error`
 * event (never the `request` beside it), with what answered, the refusal, the confidence and the
 * visitor's feedback. `data_type__eq=response|error` keeps the answered or the failed questions;
 * `data_type__eq=request` (which the dashboard's links once used for its Queries) keeps every question.
 * Sorted by time only: a log of millions of rows pages by its one index.
 */
export const queryList = defineList({
  sortable: ['issued_at'],
  filters: {
    ...eventFilters,
    integration_type: { kind: 'select', values: integrationTypes },
    input_method: { kind: 'select', values: inputMethods },
    confidence: { kind: 'number', bounds: CONFIDENCE_BOUNDS },
  },
  defaultSort: { field: 'issued_at', direction: 'descending' },
});

/**
 * GET /project/{id}/conv: one row per conversation, dated by its first question. `data_type__eq`,
 * `response_type__eq` and `feedback__eq` keep the conversations holding at least one such event or
 * rated answer (`feedback__eq=none`: no rated answer), `__neq` those holding none.
 */
export const conversationList = defineList({
  sortable: ['issued_at'],
  filters: eventFilters,
  defaultSort: { field: 'issued_at', direction: 'descending' },
});

/** GET /project/{id}/conv/{convId}: the conversation's events in the order they happened. */
export const conversationEventList = defineList({
  sortable: ['issued_at'],
  filters: { data_type: eventFilters.data_type, response_type: eventFilters.response_type },
  defaultSort: { field: 'issued_at', direction: 'ascending' },
});

/** The dashboard's range, deployment and Real-Time Test switch, which its links carry to the lists. */
export const summaryFilters = defineList({
  sortable: ['issued_at'],
  filters: { issued_at: eventFilters.issued_at, deployment_key: eventFilters.deployment_key, include_realtime: eventFilters.include_realtime },
  defaultSort: { field: 'issued_at', direction: 'descending' },
});

/**
 * The conversation-store API reads one deployment (the key's): no deployment filter, and no Real-Time
 * Test. Its conversations and its questions take the same filters and order.
 */
export const storeList = defineList({
  sortable: ['issued_at'],
  filters: {
    issued_at: eventFilters.issued_at,
    data_type: eventFilters.data_type,
    response_type: eventFilters.response_type,
    feedback: eventFilters.feedback,
  },
  defaultSort: { field: 'issued_at', direction: 'descending' },
});

/** Query-string values that select these filters, for links from the dashboard to the lists. */
export type AnalyticsFilterField = keyof typeof eventFilters;
export function filterParam(field: AnalyticsFilterField, comparator: 'eq' | 'gte' | 'lte'): string {
  return `${field}__${comparator}`;
}

/* ---------------------------------------------------------------- records */

/**
 * One event as the query log, the conversation detail, the conversation-store API and the export show
 * it. The last four fields are read from the stored answer for the lists' sake (null on a request).
 */
export const eventRecordSchema = z.object({
  id: z.string(),
  issued_at: z.string(),
  data_type: z.enum(eventDataTypes),
  conv_id: z.string(),
  utterance: z.string(),
  response_type: z.enum(responseTypes).nullable(),
  integration_type: z.enum(integrationTypes),
  input_method: z.enum(inputMethods),
  deployment_id: z.string().nullable(),
  content_id: z.string().nullable(),
  reporting_id: z.string().nullable(),
  /** What the event carries: the turn, the request, the answer and the engine's trace, or the error. */
  data: z.record(z.string(), z.unknown()),
  /** `data`'s request, response and error as fields of their own (null when absent). */
  request: z.unknown(),
  response: z.unknown(),
  error: z.unknown(),
  /** What answered: the content item's subject (as the trace chose it), or a flow's sequence name. */
  subject: z.string().nullable(),
  /** Why a question was refused as out of scope (the trace's reason). */
  refusal: z.string().nullable(),
  /** The answer's confidence, 0 to 1. */
  confidence: z.number().nullable(),
  /** The visitor's feedback on this answer, if any. */
  feedback: feedbackSchema.nullable(),
});
export type EventRecord = z.infer<typeof eventRecordSchema>;

/**
 * A question in the export: its outcome event as stored, `data` whole, and its feedback. The request,
 * response and error, the subject, refusal and confidence the list answers beside `data` are inside
 * it; writing them twice would double the file and read each event's JSON again.
 */
export const exportRecordSchema = eventRecordSchema.omit({
  request: true,
  response: true,
  error: true,
  subject: true,
  refusal: true,
  confidence: true,
});
export type ExportRecord = z.infer<typeof exportRecordSchema>;

/** One conversation in the list: Query Date (its first question), First Utterance, Conv ID. */
export const conversationRecordSchema = z.object({
  conv_id: z.string(),
  issued_at: z.string(),
  last_issued_at: z.string(),
  first_utterance: z.string().nullable(),
  integration_type: z.enum(integrationTypes),
  deployment_id: z.string().nullable(),
  event_count: z.number().int(),
  error_count: z.number().int(),
  oos_count: z.number().int(),
  /** Its answers the visitor liked and disliked. */
  liked_count: z.number().int(),
  disliked_count: z.number().int(),
});
export type ConversationRecord = z.infer<typeof conversationRecordSchema>;

/** The dashboard's Summary counts, over the filters given. */
export const summarySchema = z.object({
  user_count: z.number().int(),
  event_count: z.number().int(),
  error_count: z.number().int(),
  request_count: z.number().int(),
  response_count: z.number().int(),
  oos_count: z.number().int(),
  /** Answers to visitors who asked for a person. */
  handoff_count: z.number().int(),
  conversation_count: z.number().int(),
  conv_error_count: z.number().int(),
  conv_oos_count: z.number().int(),
  /** Answers of the range (by the answer's time) the visitors liked and disliked. */
  liked_count: z.number().int(),
  disliked_count: z.number().int(),
});
export type Summary = z.infer<typeof summarySchema>;
export type SummaryCount = keyof Summary;

/** GET /project/{id}/conv/{convId}/summary: the event counts of one conversation. */
export const conversationSummarySchema = z.object({
  conv_id: z.string(),
  issued_at: z.string(),
  last_issued_at: z.string(),
  integration_type: z.enum(integrationTypes),
  deployment_id: z.string().nullable(),
  deployment_name: z.string().nullable(),
  event_count: z.number().int(),
  request_count: z.number().int(),
  response_count: z.number().int(),
  error_count: z.number().int(),
  oos_count: z.number().int(),
  liked_count: z.number().int(),
  disliked_count: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** How many items the dashboard's top lists show. */
export const TOP_ITEMS = 10;
/**
 * The top lists read the newest answers in the range, at most this many: a bounded read whatever
 * the log's size, and on a busy project the recent past is what a team acts on.
 */
export const TOP_ITEMS_SAMPLE = 20_000;

/** GET /project/{id}/summary/charts: what the dashboard draws, over the same filters as the summary. */
export const summaryChartsSchema = z.object({
  /** Per day in the caller's time zone (`tz`, default UTC), oldest first, days without questions included. */
  days: z.array(z.object({ day: z.string(), request_count: z.number().int(), oos_count: z.number().int() })),
  top_content: z.array(z.object({ content_id: z.string(), subject: z.string().nullable(), count: z.number().int() })),
  top_oos: z.array(z.object({ utterance: z.string(), count: z.number().int() })),
  /** How many answers the top lists were read from (at most TOP_ITEMS_SAMPLE). */
  sampled: z.number().int(),
});
export type SummaryCharts = z.infer<typeof summaryChartsSchema>;

/** The longest range the charts draw day by day. */
export const CHART_MAX_DAYS = 366;

export const analyticsMessages = {
  chartRangeTooLong: `The range must be at most ${CHART_MAX_DAYS} days`,
} as const;

/**
 * Which list a dashboard count opens, with which filter (each count leads to the questions behind it).
 * The query log lists questions, so Events and Queries both open every question.
 */
export const summaryLinks: Record<SummaryCount, { list: 'query' | 'conv'; filter?: { field: AnalyticsFilterField; value: string } }> = {
  user_count: { list: 'conv' },
  event_count: { list: 'query' },
  error_count: { list: 'query', filter: { field: 'data_type', value: 'error' } },
  request_count: { list: 'query' },
  response_count: { list: 'query', filter: { field: 'data_type', value: 'response' } },
  oos_count: { list: 'query', filter: { field: 'response_type', value: 'oos' } },
  handoff_count: { list: 'query', filter: { field: 'response_type', value: 'handoff' } },
  conversation_count: { list: 'conv' },
  conv_error_count: { list: 'conv', filter: { field: 'data_type', value: 'error' } },
  conv_oos_count: { list: 'conv', filter: { field: 'response_type', value: 'oos' } },
  liked_count: { list: 'query', filter: { field: 'feedback', value: 'up' } },
  disliked_count: { list: 'query', filter: { field: 'feedback', value: 'down' } },
};

/** The dashboard's labels of the counts. */
export const summaryLabels: Record<SummaryCount, string> = {
  user_count: 'Users',
  event_count: 'Events',
  error_count: 'Errors',
  request_count: 'Queries',
  response_count: 'Responses',
  oos_count: 'Out of Scope',
  handoff_count: 'Asked for a Person',
  conversation_count: 'Conversations',
  conv_error_count: 'Conversations with Errors',
  conv_oos_count: 'Conversations Out of Scope',
  liked_count: 'Liked Answers',
  disliked_count: 'Disliked Answers',
};

/** The share of rated answers that were liked, 0 to 1; null when none was rated. */
export function likedRate(summary: Pick<Summary, 'liked_count' | 'disliked_count'>): number | null {
  const rated = summary.liked_count + summary.disliked_count;
  return rated ? summary.liked_count / rated : null;
}

/* ---------------------------------------------------------------- export */

/**
 * GET /project/{id}/query/export?tz=...: the query log (with the list's filters) as a JSON array, one
 * question per line (its outcome event and its feedback, an ExportRecord), timestamps written in `tz`
 * with their offset. The answer is streamed; `x-total-count` tells how many questions it holds so the
 * console can show progress.
 */
export const EXPORT_TOTAL_HEADER = 'x-total-count';
export function exportFileName(projectId: string): string {
  return `${projectId}_queries.json`;
}

/**
 * Writes instants in a time zone as ISO 8601 with that zone's offset (2026-11-22T09:30:00.000+01:00).
 * The offset is looked up once per hour of time (zones change offset on the hour), so an export of
 * millions of events formats each in a few string operations.
 */
export function zonedFormatter(timeZone: string): (instant: Date) => string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const offsets = new Map<number, number>();
  const offsetAt = (hour: number): number => {
    let offset = offsets.get(hour);
    if (offset === undefined) {
      const at = new Date(hour * 3_600_000);
      const field = Object.fromEntries(parts.formatToParts(at).map((part) => [part.type, Number(part.value)])) as Record<string, number>;
      const local = Date.UTC(field.year!, field.month! - 1, field.day!, field.hour!, field.minute!, field.second!);
      offset = Math.round((local - at.getTime()) / 60_000);
      if (offsets.size > 10_000) offsets.clear();
      offsets.set(hour, offset);
    }
    return offset;
  };
  return (instant) => {
    const offset = offsetAt(Math.floor(instant.getTime() / 3_600_000));
    const local = new Date(instant.getTime() + offset * 60_000).toISOString().slice(0, 23);
    const abs = Math.abs(offset);
    return `${local}${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  };
}

/* ---------------------------------------------------------------- conversation store */

/** The conversation-store API (a workspace API key with scope read_conversation_store on a deployment). */
export const CONVERSATION_STORE_SCOPE = 'read_conversation_store';
/** The scope of the conversation store's erasure routes, given apart: a key that reads need not erase. */
export const ERASURE_SCOPE = 'erase_conversations' satisfies ApiKeyScope;
export const conversationStoreMessages = {
  missingKey: 'An API key is required in the Authorization header.',
  invalidKey: 'The API key is not valid.',
  wrongScope: 'The API key may not read the conversation store.',
  wrongEraseScope: 'The API key may not erase conversations.',
  noDeployment: "The API key's deployment does not exist.",
} as const;

/** The conversation-store routes under /api/v1 (the server's, and what the new key's dialog lists), all GET. */
export const conversationStorePaths = {
  conversations: '/conversation-store/conv',
  conversation: '/conversation-store/conv/:convId',
  events: '/conversation-store/query',
} as const;

/** The conversation store's erasure routes under /api/v1 (scope erase_conversations), both POST. */
export const conversationErasurePaths = {
  preview: '/conversation-store/erasure/preview',
  erase: '/conversation-store/erasure',
} as const;
