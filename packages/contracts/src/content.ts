import { z } from 'zod';
import { jsonObject, oneOf, strictObject, trimmedText, uuidPattern, uuidText } from './fields';
import { defineList, parseListFilters, type ListFilter } from './list';
import { messages } from './messages';
import { ACTION_TYPES, quickReplySchema, responsePmSchema, type ActionType, type PmDocument } from './rich-text';

/**
 * Content items: a subject, a rich response, the utterances that ask for it
 * and the actions offered with it. Only active items are compiled into the assistant.
 */

export const contentStatuses = ['active', 'inactive', 'omitted', 'candidate'] as const;
export type ContentStatus = (typeof contentStatuses)[number];
/** What an item created in the console starts as: its author meant it. */
export const DEFAULT_CONTENT_STATUS: ContentStatus = 'active';
/** Items pulled from a pipeline wait for review. */
export const PIPELINE_CONTENT_STATUS: ContentStatus = 'candidate';
/** Items of a rich_editor source are written by the team. */
export const RICH_EDITOR_CONTENT_STATUS: ContentStatus = 'active';

/** The action list shows five rows a page. */
export const ACTION_PAGE_SIZE = 5;

export const contentMessages = {
  utterancesUnique: 'Utterances must be unique',
} as const;

/** A row of a content list. */
export const contentSummarySchema = z.object({
  id: z.string(),
  project_id: z.string(),
  source_id: z.string().nullable(),
  subject: z.string(),
  status: z.enum(contentStatuses),
  reporting_id: z.string(),
  num_response_words: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContentSummary = z.infer<typeof contentSummarySchema>;

/** A content item with its response (ProseMirror JSON of the console's editor). */
export const contentSchema = contentSummarySchema.extend({ response_pm: z.custom<PmDocument>() });
export type Content = z.infer<typeof contentSchema>;

/** POST /project/{id}/content; from a source's content list it names the source. */
export const createContentBody = strictObject({
  subject: trimmedText('Subject', 1, 1024),
  source_id: z
    .string({ error: messages.uuid('Source ID') })
    .regex(uuidPattern, { error: messages.uuid('Source ID') })
    .nullable()
    .optional(),
});
export type CreateContentBody = z.input<typeof createContentBody>;

/**
 * PUT /content/{id}: the subject, the status or both; a field left out keeps its value, so the row
 * menu's Activate works on an item whose subject is longer than an edit allows (created with 1024).
 */
export const updateContentBody = strictObject({
  subject: trimmedText('Subject', 1, 255).optional(),
  status: oneOf('Status', contentStatuses).optional(),
}).refine((body) => body.subject !== undefined || body.status !== undefined, { error: messages.noFieldToUpdate });
export type UpdateContentBody = z.input<typeof updateContentBody>;

/** PUT /content/{id}/response. */
export const updateContentResponseBody = strictObject({ response_pm: responsePmSchema });
export type UpdateContentResponseBody = z.input<typeof updateContentResponseBody>;

export const contentList = defineList({
  sortable: ['subject', 'status', 'num_response_words', 'updated_at', 'created_at'],
  filters: {
    subject: { kind: 'text' },
    status: { kind: 'select', values: contentStatuses },
    num_response_words: { kind: 'number' },
    updated_at: { kind: 'date' },
    created_at: { kind: 'date' },
  },
});

/* ----------------------------------------------------------- bulk changes */

/** What one bulk call does to every item it names: activate, deactivate (both the delete right's, as one item's status) or delete. */
export const contentBulkActions = ['activate', 'deactivate', 'delete'] as const;
export type ContentBulkAction = (typeof contentBulkActions)[number];

/** The status each status-changing bulk action gives. */
export const CONTENT_BULK_STATUS = { activate: 'active', deactivate: 'inactive' } as const satisfies Record<
  Exclude<ContentBulkAction, 'delete'>,
  ContentStatus
>;

/** A selection of rows names at most this many items. */
export const CONTENT_BULK_MAX_IDS = 1000;
/** One bulk call changes at most this many items, so one transaction stays short; a wider filter is refused. */
export const CONTENT_BULK_MAX_ITEMS = 10_000;

export const contentBulkMessages = {
  idsOrFilter: 'Body must name either ids or a filter, not both',
  tooFewIds: 'IDs must name at least 1 content item',
  tooManyIds: `IDs must name at most ${CONTENT_BULK_MAX_IDS} content items`,
  filterValue: 'Filter values must be text or numbers',
  tooManyItems: `The filter matches more than ${CONTENT_BULK_MAX_ITEMS.toLocaleString('en-US')} content items: narrow the filter to change at most ${CONTENT_BULK_MAX_ITEMS.toLocaleString('en-US')} at once`,
} as const;

/**
 * A bulk call's filter: what a content list shows for its filters (`status__eq`, `subject__like`...,
 * as in the list's query string), and `source_id` for a source's content list.
 */
export const contentBulkFilter = z
  .record(z.string(), z.union([z.string(), z.number()], { error: contentBulkMessages.filterValue }))
  .transform((raw, ctx): { source_id: string | null; filters: ListFilter[] } => {
    const { source_id: sourceId, ...listed } = raw;
    const source = uuidText('Source ID').nullable().safeParse(sourceId ?? null);
    if (!source.success) {
      ctx.addIssue({ code: 'custom', message: source.error.issues[0]!.message, path: ['source_id'] });
      return z.NEVER;
    }
    const parsed = parseListFilters(contentList, Object.fromEntries(Object.entries(listed).map(([key, value]) => [key, String(value)])));
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return { source_id: source.data, filters: parsed.filters };
  });

/** POST /project/{id}/content/bulk: one action on the items of `ids`, or on every item `filter` matches. */
export const contentBulkBody = strictObject({
  action: oneOf('Action', contentBulkActions),
  ids: z
    .array(uuidText('ID'), { error: contentBulkMessages.tooFewIds })
    .min(1, { error: contentBulkMessages.tooFewIds })
    .max(CONTENT_BULK_MAX_IDS, { error: contentBulkMessages.tooManyIds })
    .optional(),
  filter: contentBulkFilter.optional(),
}).refine((body) => (body.ids === undefined) !== (body.filter === undefined), { error: contentBulkMessages.idsOrFilter });
export type ContentBulkBody = z.input<typeof contentBulkBody>;

/** How many items the action changed (those already in the asked status are left as they were). */
export const contentBulkResultSchema = z.object({ action: z.enum(contentBulkActions), count: z.number().int() });
export type ContentBulkResult = z.infer<typeof contentBulkResultSchema>;

/* ------------------------------------------------------------ utterances */

export const contentUtteranceSchema = z.object({
  id: z.string(),
  content_id: z.string(),
  text: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContentUtterance = z.infer<typeof contentUtteranceSchema>;

/** POST /content/{id}/utterance and PUT /content-utterance/{id}. */
export const contentUtteranceBody = strictObject({ text: trimmedText('Text', 1, 1024) });
export type ContentUtteranceBody = z.input<typeof contentUtteranceBody>;

export const contentUtteranceList = defineList({
  sortable: ['text', 'updated_at', 'created_at'],
  filters: { text: { kind: 'text' } },
});

/* --------------------------------------------------------------- actions */

/** An action of a content item: a query with its utterance, or an event. */
export const contentActionSchema = z.object({
  id: z.string(),
  content_id: z.string(),
  type: z.enum(ACTION_TYPES),
  config: z.union([
    z.object({ label: z.string(), utterance: z.string() }),
    z.object({ label: z.string(), event: z.string() }),
  ]),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContentAction = z.infer<typeof contentActionSchema>;

/** The fields of an action body; its config is checked against its type by `checkActionConfig`. */
export const contentActionFields = {
  type: oneOf('Type', ACTION_TYPES),
  config: jsonObject('Config'),
};

/** A transform step: the config checked as a quick reply of the body's type, keeping only its fields. */
export function checkActionConfig<T extends { type: ActionType; config: Record<string, unknown> }>(
  body: T,
  ctx: z.RefinementCtx,
): Omit<T, 'config'> & { config: ActionConfig } {
  const parsed = quickReplySchema.safeParse({ ...body.config, type: body.type });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['config', ...issue.path] });
    return z.NEVER;
  }
  const { type: _type, ...config } = parsed.data;
  return { ...body, config };
}
export type ActionConfig = { label: string; utterance: string } | { label: string; event: string };

/** POST /content/{id}/action and PUT /content-action/{id}: the same fields as a quick reply, type beside config. */
export const contentActionBody = strictObject(contentActionFields).transform(checkActionConfig);
export type ContentActionBody = z.input<typeof contentActionBody>;

export const contentActionList = defineList({
  sortable: ['type', 'updated_at', 'created_at'],
  filters: { type: { kind: 'select', values: ACTION_TYPES } },
});

/* ---------------------------------------------------------------- export */

/** GET /project/{id}/content/utterances: the file name, `{projectId}_contents.csv`. */
export function contentExportFileName(projectId: string): string {
  return `${projectId}_contents.csv`;
}

/** The columns of the content export, in order. */
export const CONTENT_EXPORT_COLUMNS = [
  'id',
  'reporting_id',
  'subject',
  'status',
  'source_id',
  'utterances',
  'response',
  'actions',
  'num_response_words',
  'created_at',
  'updated_at',
] as const;
