import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, sessionQuery, sessionSchema } from '@console/contracts';
import type { AppContext } from '../../context';
import { access } from '../../platform/access';
import { requireAuth } from '../../platform/authenticate';
import { readSession } from './service';

export function sessionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/session', {
      config: { access: access.signedIn },
      schema: {
        tags: ['session'],
        summary: 'Who the caller is and their roles on the requested workspace, project and deployment',
        security: [{ bearer: [] }],
        querystring: sessionQuery,
        response: { 200: sessionSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
      handler: (request) => readSession(ctx, requireAuth(request).user, request.query),
    });
  };
}
