import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, contactSupportBody, listResponse, supportInboxMessageSchema, supportMessageBody, supportMessageList, supportMessageSchema } from '@console/contracts';
import type { AppContext } from '../../context';
import { access } from '../../platform/access';
import { requireAuth } from '../../platform/authenticate';
import { listQuery } from '../../platform/listing';
import { refusals, security } from '../../platform/params';
import { listSupportMessages, sendContactMessage, sendSupportMessage } from './service';

export function supportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['support'];

    app.post('/support', {
      config: { access: access.signedIn },
      schema: {
        tags,
        security,
        summary: 'Send a message to support (stored; e-mailed to SUPPORT_EMAIL when set)',
        body: supportMessageBody,
        response: { 201: supportMessageSchema, ...refusals, 503: apiErrorSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await sendSupportMessage(ctx, requireAuth(request).user, request.body.message)),
    });

    app.get('/support', {
      config: { access: access.superUser },
      schema: {
        tags,
        security,
        summary: 'Every message sent to support, newest first, with its sender (super users): kept whether or not SUPPORT_EMAIL is set',
        querystring: listQuery(supportMessageList),
        response: { 200: listResponse(supportInboxMessageSchema), ...refusals },
      },
      handler: (request) => listSupportMessages(ctx, request.query),
    });

    // Public: people who cannot sign in are the ones who most need to write; limited per client address.
    app.post('/support/contact', {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'Send a message to support without signing in, with the address to answer (stored; e-mailed to SUPPORT_EMAIL when set)',
        body: contactSupportBody,
        response: { 201: supportMessageSchema, 400: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await sendContactMessage(ctx, request.ip, request.body.email, request.body.message)),
    });
  };
}
