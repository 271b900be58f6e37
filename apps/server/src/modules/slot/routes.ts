import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { slotBody, slotSchema } from '@console/contracts';
import type { AppContext } from '../../context';
import { projectRecordRoutes } from '../../platform/project-record-routes';
import { slotRecords } from './service';

export function slotRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return projectRecordRoutes(ctx, slotRecords, { record: slotSchema, body: slotBody }, {
    one: 'slot', a: 'a slot', many: 'slots',
    create: 'Create a slot: its type (terms, text, number, email, phone, date or pattern) with its terms, pattern or locale, and how it is asked; names are unique in the project',
    update: 'Replace a slot: its name, type, terms, pattern, locale, prompts and attempts',
  });
}
