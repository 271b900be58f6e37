import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sequenceCreateBody, sequenceSchema, sequenceUpdateBody } from '@console/contracts';
import type { AppContext } from '../../context';
import { projectRecordRoutes } from '../../platform/project-record-routes';
import { sequenceRecords } from './service';

export function sequenceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return projectRecordRoutes(
    ctx,
    sequenceRecords,
    // The builder's save is a create right (those who may create flows build them).
    { record: sequenceSchema, body: sequenceCreateBody, update: sequenceUpdateBody, updateRight: 'canCreateSubProject' },
    {
      one: 'sequence', a: 'a sequence', many: 'sequences',
      create: 'Create an empty sequence',
      update: "Save the builder's sequence: its name, or its nodes and transitions together (fields left out are kept); the slots and intents named must be the project's",
    },
  );
}
