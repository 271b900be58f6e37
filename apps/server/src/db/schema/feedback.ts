import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { feedbackRatings } from '@console/contracts';
import { projects } from './project';
import { moment, timestamps } from './timestamps';

/**
 * A visitor's feedback on one answer, keyed by the answer's response event: one per answer, changed
 * in place when the visitor changes their mind. Kept apart from the events so the dashboard counts
 * it by its own index instead of scanning the log, and a change updates one small row.
 */
export const feedback = pgTable(
  'feedback',
  {
    answerId: uuid().primaryKey(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    // Null for the Real-Time Test; no foreign key, as on the events.
    deploymentId: uuid(),
    convId: uuid().notNull(),
    /** When the answer was given: the dashboard's and the lists' ranges read it, as they read the answer's time. */
    answeredAt: moment().notNull(),
    rating: text({ enum: feedbackRatings }).notNull(),
    comment: text().notNull().default(''),
    visitorId: text(),
    ...timestamps,
  },
  (table) => [
    index('feedback_project_time_idx').on(table.projectId, table.answeredAt),
    index('feedback_conversation_idx').on(table.convId),
  ],
);

export type FeedbackRow = typeof feedback.$inferSelect;
