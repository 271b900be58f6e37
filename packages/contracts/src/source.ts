import { z } from 'zod';
import { boundedList, jsonObject, oneOf, strictObject, text } from './fields';
import { defineList } from './list';
import { messages } from './messages';
import { pmDocumentSchema, type KbDocument } from './rich-text';

/**
 * Sources: where a project's content comes from. A rich_editor source is a
 * document written in the console; a pipeline source is a JSON configuration naming web pages,
 * sitemaps and CSV files. Pulling a source turns it into content items of that source.
 */

export const sourceTypes = [
  'rich_editor',
  'pipeline',
  'editor',
  'web',
  'kb',
  'csv',
  'custom',
  'squarespace-page',
  'hubspot',
  'google-doc',
] as const;
export type SourceType = (typeof sourceTypes)[number];
export const creatableSourceTypes = ['rich_editor', 'pipeline'] as const;
export type CreatableSourceType = (typeof creatableSourceTypes)[number];

/** 'Convert to Rich Editor' (from editor) and 'Convert to Pipeline Configuration' (from custom). */
export const sourceConversions: Partial<Record<SourceType, SourceType>> = { editor: 'rich_editor', custom: 'pipeline' };
/** 'Downgrade', after confirmation. */
export const sourceDowngrades: Partial<Record<SourceType, SourceType>> = { rich_editor: 'editor', pipeline: 'custom' };
export const sourceConversionLabels: Partial<Record<SourceType, string>> = {
  editor: 'Convert to Rich Editor',
  custom: 'Convert to Pipeline Configuration',
};

/** Types whose content can be pulled (the implemented ones). */
export const pullableSourceTypes: readonly SourceType[] = ['rich_editor', 'pipeline'];
/** Types that hold a KB tree; the others show 'This source type does not have a KB.' */
export const kbSourceTypes: readonly SourceType[] = ['rich_editor', 'pipeline', 'editor'];

export const sourceMessages = {
  noKb: 'This source type does not have a KB.',
  emptyKb: 'No KB elements were found.',
  notImplemented: 'This source type has not yet been implemented.',
  pullRunning: 'A pull of this source is already running.',
  cannotConvert: (from: string, to: string) => `A ${from} source cannot be converted to ${to}.`,
} as const;

/* --------------------------------------------------------------- configs */

/** rich_editor: the document as written in the editor; the server keeps its KB tree beside it. */
export const richEditorConfigSchema = strictObject({ document: pmDocumentSchema });
export type RichEditorConfig = z.infer<typeof richEditorConfigSchema>;

export const PIPELINE_MAX_PAGES = 500;
export const PIPELINE_DEFAULT_MAX_PAGES = 50;
export const PIPELINE_CSV_COLUMNS = ['subject', 'response', 'utterances'] as const;
/** Multi-valued cells (utterances) are joined with this, in CSV exports and CSV inputs alike. */
export const MULTI_VALUE_SEPARATOR = ' | ';

const webUrl = (field: string) =>
  z
    .string({ error: `${field} must be a valid URL` })
    .max(2048, { error: messages.atMostChars(field, 2048) })
    .refine(
      (value) => {
        try {
          return ['http:', 'https:'].includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { error: `${field} must be a valid URL` },
    );

const maxPages = z
  .number({ error: 'Max Pages must be a number' })
  .int({ error: 'Max Pages must be a whole number' })
  .min(1, { error: messages.notLessThan('Max Pages', 1) })
  .max(PIPELINE_MAX_PAGES, { error: messages.notGreaterThan('Max Pages', PIPELINE_MAX_PAGES) });

export const pipelineInputTypes = ['web', 'sitemap', 'csv'] as const;

/**
 * One input of a pipeline: web pages by URL, the pages a sitemap lists, or a CSV file (by URL or
 * written inline) with the columns subject, response and utterances.
 */
const pipelineInputSchema = z.discriminatedUnion(
  'type',
  [
    strictObject({
      type: z.literal('web'),
      urls: boundedList('URLs', z.array(webUrl('URL'), { error: 'URLs must be a list' }).min(1, { error: 'URLs must have at least one URL' })),
    }),
    strictObject({ type: z.literal('sitemap'), url: webUrl('Sitemap URL'), max_pages: maxPages.optional() }),
    strictObject({ type: z.literal('csv'), url: webUrl('CSV URL').optional(), text: z.string().optional() }).refine(
      (input) => (input.url === undefined) !== (input.text === undefined),
      { error: 'A CSV input needs either a url or a text' },
    ),
  ],
  { error: messages.oneOf('Input type', pipelineInputTypes) },
);
export type PipelineInput = z.infer<typeof pipelineInputSchema>;

export const pipelineConfigSchema = strictObject({
  inputs: boundedList('Inputs', z.array(pipelineInputSchema, { error: 'Inputs must be a list' })),
});
export type PipelineConfig = z.infer<typeof pipelineConfigSchema>;

export const DEFAULT_PIPELINE_CONFIG: PipelineConfig = { inputs: [] };

/** The configuration a new source of each creatable type starts with. */
export function defaultSourceConfig(type: CreatableSourceType): Record<string, unknown> {
  return type === 'rich_editor' ? { document: { type: 'doc' } } : { ...DEFAULT_PIPELINE_CONFIG };
}

/** The configuration schema of a type, or null where the type is not implemented. */
export function sourceConfigSchema(type: SourceType): z.ZodType | null {
  if (type === 'rich_editor') return richEditorConfigSchema;
  if (type === 'pipeline') return pipelineConfigSchema;
  return null;
}

/* ----------------------------------------------------------------- pulls */

export const sourcePullStatuses = ['running', 'succeeded', 'failed'] as const;

const pullSummarySchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  omitted: z.number().int(),
  unchanged: z.number().int(),
});
export type PullSummary = z.infer<typeof pullSummarySchema>;

/** A pull runs in the background; the console polls it for progress and its summary. */
export const sourcePullSchema = z.object({
  id: z.string(),
  source_id: z.string(),
  status: z.enum(sourcePullStatuses),
  progress: z.object({ done: z.number().int(), total: z.number().int(), message: z.string() }),
  summary: pullSummarySchema.nullable(),
  error: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type SourcePull = z.infer<typeof sourcePullSchema>;
/** How often the console asks for a running pull's progress. */
export const PULL_POLL_INTERVAL_MS = 500;

/* ---------------------------------------------------------------- source */

export const sourceSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  display_name: z.string(),
  type: z.enum(sourceTypes),
  config: z.record(z.string(), z.unknown()),
  kb: z.custom<KbDocument>().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_pull: sourcePullSchema.nullable(),
});
export type Source = z.infer<typeof sourceSchema>;

/** A row of the source list: no config or KB. */
export const sourceSummarySchema = sourceSchema.pick({
  id: true,
  project_id: true,
  display_name: true,
  type: true,
  created_at: true,
  updated_at: true,
});
export type SourceSummary = z.infer<typeof sourceSummarySchema>;

export const createSourceBody = strictObject({
  display_name: text('Name', 3, 255),
  type: oneOf('Type', creatableSourceTypes),
});
export type CreateSourceBody = z.input<typeof createSourceBody>;

export const updateSourceBody = strictObject({ display_name: text('Name', 3, 255) });
export type UpdateSourceBody = z.input<typeof updateSourceBody>;

/** PUT /source/{id}/config; the body's config is checked against the source type's schema. */
export const updateSourceConfigBody = strictObject({ config: jsonObject('Config') });
export type UpdateSourceConfigBody = z.input<typeof updateSourceConfigBody>;

export const convertSourceBody = strictObject({ type: oneOf('Type', sourceTypes) });
export type ConvertSourceBody = z.input<typeof convertSourceBody>;

export const sourceList = defineList({
  sortable: ['display_name', 'type', 'updated_at', 'created_at'],
  filters: {
    display_name: { kind: 'text' },
    type: { kind: 'select', values: sourceTypes },
    updated_at: { kind: 'date' },
  },
});
