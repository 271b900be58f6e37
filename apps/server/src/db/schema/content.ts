import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ACTION_TYPES, contentStatuses, type ActionConfig, type PmDocument } from '@console/contracts';
import { projects } from './project';
import { sources } from './source';
import { timestamps } from './timestamps';

/** Content items: a subject, a rich response, utterances and actions. */
export const contents = pgTable(
  'contents',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    // Deleting a source keeps the items it made: they may carry curated utterances and actions.
    sourceId: uuid().references(() => sources.id, { onDelete: 'set null' }),
    // What a pull matches the item by (the section's header path, a page URL...), stable across pulls.
    sourceKey: text(),
    subject: text().notNull(),
    status: text({ enum: contentStatuses }).notNull(),
    // The id reports use; kept when a project is cloned or imported, so analytics line up.
    reportingId: uuid().notNull().defaultRandom(),
    responsePm: jsonb().$type<PmDocument>().notNull(),
    numResponseWords: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [
    index('contents_project_idx').on(table.projectId, table.updatedAt),
    uniqueIndex('contents_reporting_id_unique').on(table.projectId, table.reportingId),
    uniqueIndex('contents_source_key_unique').on(table.sourceId, table.sourceKey),
  ],
);

export type ContentRow = typeof contents.$inferSelect;

export const contentUtterances = pgTable(
  'content_utterances',
  {
    id: uuid().primaryKey().defaultRandom(),
    contentId: uuid()
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    ...timestamps,
  },
  // Utterances of one item are unique regardless of case and surrounding space.
  (table) => [uniqueIndex('content_utterances_text_unique').on(table.contentId, sql`lower(btrim(${table.text}))`)],
);

export type ContentUtteranceRow = typeof contentUtterances.$inferSelect;

export const contentActions = pgTable(
  'content_actions',
  {
    id: uuid().primaryKey().defaultRandom(),
    contentId: uuid()
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    type: text({ enum: ACTION_TYPES }).notNull(),
    config: jsonb().$type<ActionConfig>().notNull(),
    ...timestamps,
  },
  (table) => [index('content_actions_content_idx').on(table.contentId)],
);

export type ContentActionRow = typeof contentActions.$inferSelect;
