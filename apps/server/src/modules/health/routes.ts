import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@console/contracts';
import type { AppContext } from '../../context';

/** Liveness for load balancers and the start script; deliberately does not touch the database. */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/healthz', {
      schema: { tags: ['health'], summary: 'Liveness and version', response: { 200: healthSchema } },
      handler: () => ({ status: 'ok' as const, version: ctx.version }),
    });
  };
}
