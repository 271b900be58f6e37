import { z } from 'zod';
import { strictObject, trimmedText, uniqueTextList } from './fields';
import { defineList } from './list';

/** Intents: a name and the utterances that express it. */

export const intentMessages = {
  utteranceRequired: 'At least one utterance is required',
  utterancesUnique: 'Utterances must be unique',
  nameTaken: 'An intent with this name already exists.',
} as const;

export const intentSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  intent: z.string(),
  utterances: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Intent = z.infer<typeof intentSchema>;

/** POST /project/{id}/intent and PUT /intent/{id}. */
export const intentBody = strictObject({
  intent: trimmedText('Name', 1, 255),
  utterances: uniqueTextList('Utterances', trimmedText('Utterance', 1, 255), {
    empty: intentMessages.utteranceRequired,
    duplicate: intentMessages.utterancesUnique,
  }),
});

export const intentList = defineList({
  sortable: ['intent', 'updated_at', 'created_at'],
  filters: { intent: { kind: 'text' }, updated_at: { kind: 'date' } },
});
