import { z } from 'zod';
import { strictObject, trimmedText, uniqueTextList } from './fields';
import { defineList } from './list';

/** Slots (project-areas §3, §5): a name and the terms that fill it. */

export const slotMessages = {
  termRequired: 'At least one term is required',
  termsUnique: 'Terms must be unique',
  nameTaken: 'A slot with this name already exists.',
} as const;

export const slotSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  name: z.string(),
  terms: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Slot = z.infer<typeof slotSchema>;

/** POST /project/{id}/slot and PUT /slot/{id}. */
export const slotBody = strictObject({
  name: trimmedText('Name', 1, 64),
  terms: uniqueTextList(trimmedText('Term', 1, 255), { empty: slotMessages.termRequired, duplicate: slotMessages.termsUnique }),
});
export type SlotBody = z.input<typeof slotBody>;

export const slotList = defineList({
  sortable: ['name', 'updated_at', 'created_at'],
  filters: { name: { kind: 'text' }, updated_at: { kind: 'date' } },
});
