import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callSigningKeySetSchema } from '@console/contracts';
import type { AppContext } from '../../context';
import { access } from '../../platform/access';
import { callSigningKeys } from '../../platform/request-signing';

/** The public keys that verify the console's signed calls (business-logic endpoints fetch them once and keep them). */
export function callSigningRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/call-signing/keys', {
      config: { access: access.public },
      schema: {
        tags: ['call signing'],
        summary: 'JSON Web Key Set of the keys that sign calls to business-logic endpoints (header x-console-signature)',
        response: { 200: callSigningKeySetSchema },
      },
      handler: async (_request, reply) => {
        // The key changes only with JWT_SECRET: receivers may keep it an hour.
        reply.header('cache-control', 'public, max-age=3600');
        return callSigningKeys(ctx);
      },
    });
  };
}
