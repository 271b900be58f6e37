import { intentList, intentMessages, type Intent, type intentBody } from '@console/contracts';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { intents } from '../../db/schema/index';
import { projectRecordFields, projectRecords } from '../../platform/project-records';

/** Intents: a name, unique in the project regardless of case (by its unique index), and its utterances. */
export const intentRecords = projectRecords(intents, intentList, {
  columns: { intent: intents.intent, updated_at: intents.updatedAt, created_at: intents.createdAt },
  toRecord: (row): Intent => ({ ...projectRecordFields(row), intent: row.intent, utterances: row.utterances }),
  toValues: (input: z.output<typeof intentBody>) => ({ intent: input.intent, utterances: input.utterances }),
  conflict: intentMessages.nameTaken,
});

/** The project's intents in the order archives and snapshots keep (creation, then name). */
export function projectIntents(db: Db, projectId: string) {
  return db.select().from(intents).where(eq(intents.projectId, projectId)).orderBy(asc(intents.createdAt), asc(intents.intent));
}
