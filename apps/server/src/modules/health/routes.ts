import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, errorDetails, healthSchema } from '@console/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';

/** How long readiness waits for the database before it calls the process not ready. */
const READINESS_TIMEOUT_MS = 2000;

/**
 * Liveness (`/healthz`) and readiness (`/readyz`) for load balancers and the start script. Liveness
 * deliberately does not touch the database: a process whose database is away is alive, and
 * restarting it would not help. Readiness asks the database, so a balancer sends requests elsewhere
 * (503) while this process cannot serve them, and while it shuts down.
 */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/healthz', {
      schema: { tags: ['health'], summary: 'Liveness and version', response: { 200: healthSchema } },
      handler: () => ({ status: 'ok' as const, version: ctx.version }),
    });
    app.get('/readyz', {
      schema: {
        tags: ['health'],
        summary: 'Readiness: 200 while the database answers, 503 while it does not or the process shuts down',
        response: { 200: healthSchema, 503: apiErrorSchema },
      },
      handler: async () => {
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(AppError.unavailable(errorDetails.unavailable)), READINESS_TIMEOUT_MS);
        });
        try {
          await Promise.race([ctx.db.execute(sql`SELECT 1`), timedOut]);
        } finally {
          clearTimeout(timer);
        }
        return { status: 'ok' as const, version: ctx.version };
      },
    });
  };
}
