import { contentActionList, type ContentAction, type contentActionBody } from '@console/contracts';
import type { z } from 'zod';
import { contentActions } from '../../db/schema/index';
import { itemPartFields, itemParts } from './item-parts';

/** The quick replies offered with a content item: a query with its utterance, or an event. */
export const actions = itemParts(contentActions, contentActionList, {
  columns: { type: contentActions.type, updated_at: contentActions.updatedAt, created_at: contentActions.createdAt },
  toRecord: (row): ContentAction => ({ ...itemPartFields(row), type: row.type, config: row.config }),
  toValues: (input: z.output<typeof contentActionBody>) => ({ type: input.type, config: input.config }),
});
