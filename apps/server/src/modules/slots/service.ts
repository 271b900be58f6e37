import { slotList, slotMessages, type Slot, type slotBody } from '@console/contracts';
import type { z } from 'zod';
import { slots } from '../../db/schema/index';
import { projectRecordFields, projectRecords } from '../../platform/project-records';

/** Slots: a name, unique in the project regardless of case (by its unique index), and the terms that fill it. */
export const slotRecords = projectRecords(slots, slotList, {
  columns: { name: slots.name, updated_at: slots.updatedAt, created_at: slots.createdAt },
  toRecord: (row): Slot => ({ ...projectRecordFields(row), name: row.name, terms: row.terms }),
  toValues: (input: z.output<typeof slotBody>) => ({ name: input.name, terms: input.terms }),
  conflict: slotMessages.nameTaken,
});
