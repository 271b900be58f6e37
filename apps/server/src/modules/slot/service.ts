import { slotList, slotMessages, type Slot, type slotBody } from '@console/contracts';
import type { z } from 'zod';
import { slots } from '../../db/schema/index';
import { projectRecordFields, projectRecords } from '../../platform/project-records';

type SlotRow = typeof slots.$inferSelect;
type SlotFields = z.output<typeof slotBody>;

/** A stored slot's own fields, as the API, a snapshot and an archive name them. */
export function slotFieldsOf(row: SlotRow): SlotFields {
  return {
    name: row.name,
    type: row.type,
    terms: row.terms,
    pattern: row.pattern,
    locale: row.locale,
    prompt: row.prompt,
    reprompt: row.reprompt,
    max_attempts: row.maxAttempts,
  };
}

/** The columns of a slot's own fields (the inverse of slotFieldsOf), for a write or an import. */
export function slotValues({ max_attempts, ...fields }: SlotFields) {
  return { ...fields, maxAttempts: max_attempts };
}

/**
 * Slots: a name, unique in the project regardless of case (by its unique index), the type of value
 * a flow reads for it with that type's settings (terms, pattern, locale), and how it is asked.
 */
export const slotRecords = projectRecords(slots, slotList, {
  columns: { name: slots.name, updated_at: slots.updatedAt, created_at: slots.createdAt },
  toRecord: (row): Slot => ({ ...projectRecordFields(row), ...slotFieldsOf(row) }),
  toValues: slotValues,
  conflict: slotMessages.nameTaken,
});
