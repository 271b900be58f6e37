import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { channelStatuses, channelTypes } from '@console/contracts';
import { projects } from './project';
import { timestamps } from './timestamps';

/** Channels: the web chat widget's configuration (and, later, other integrations). */
export const channels = pgTable(
  'channels',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    displayName: text().notNull(),
    type: text({ enum: channelTypes }).notNull(),
    status: text({ enum: channelStatuses }).notNull().default('draft'),
    // Public, like a deployment key: the snippet names it.
    key: text().notNull().unique(),
    config: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (table) => [index('channels_project_idx').on(table.projectId)],
);

export type ChannelRow = typeof channels.$inferSelect;
