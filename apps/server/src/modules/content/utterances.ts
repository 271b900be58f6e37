import { contentMessages, contentUtteranceList, type ContentUtterance, type contentUtteranceBody } from '@console/contracts';
import type { z } from 'zod';
import { contentUtterances } from '../../db/schema/index';
import { itemPartFields, itemParts } from './item-parts';

/** The utterances that ask for a content item, unique within it regardless of case and surrounding space. */
export const utterances = itemParts(contentUtterances, contentUtteranceList, {
  columns: { text: contentUtterances.text, updated_at: contentUtterances.updatedAt, created_at: contentUtterances.createdAt },
  toRecord: (row): ContentUtterance => ({ ...itemPartFields(row), text: row.text }),
  toValues: (input: z.output<typeof contentUtteranceBody>) => ({ text: input.text }),
  conflict: contentMessages.utterancesUnique,
});
