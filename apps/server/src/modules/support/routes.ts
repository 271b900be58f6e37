import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, supportMessageBody, supportMessageSchema } from '@console/contracts';
import type { AppContext } from '../../context';
import { access } from '../../platform/access';
import { requireAuth } from '../../platform/authenticate';
import { refusals, security } from '../../platform/params';
import { sendSupportMessage } from './service';

export function supportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/support', {
      config: { access: access.signedIn },
      schema: {
        tags: ['support'],
        security,
        summary: 'Send a message to support (stored; e-mailed to SUPPORT_EMAIL when set)',
        body: supportMessageBody,
        response: { 201: supportMessageSchema, ...refusals, 503: apiErrorSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await sendSupportMessage(ctx, requireAuth(request).user, request.body.message)),
    });
  };
}
