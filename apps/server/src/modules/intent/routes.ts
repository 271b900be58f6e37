import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { intentBody, intentSchema } from '@console/contracts';
import type { AppContext } from '../../context';
import { projectRecordRoutes } from '../../platform/project-record-routes';
import { intentRecords } from './service';

export function intentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return projectRecordRoutes(ctx, intentRecords, { record: intentSchema, body: intentBody }, {
    one: 'intent', a: 'an intent', many: 'intents',
    create: 'Create an intent with its utterances; names are unique in the project',
    update: 'Rename an intent and replace its utterances',
  });
}
