import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scenarioCreateBody, scenarioSchema, scenarioUpdateBody } from '@console/contracts';
import type { AppContext } from '../../context';
import { projectRecordRoutes } from '../../platform/project-record-routes';
import { scenarioRecords } from './service';

export function scenarioRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return projectRecordRoutes(ctx, scenarioRecords, { record: scenarioSchema, body: scenarioCreateBody, update: scenarioUpdateBody }, {
    one: 'scenario', a: 'a scenario', many: 'scenarios',
    create: 'Create a draft scenario; names are unique in the project',
    update: "Change a scenario's name, status, combination mode, or its sequences and transitions together (fields left out are kept); the sequences must be the project's",
  });
}
