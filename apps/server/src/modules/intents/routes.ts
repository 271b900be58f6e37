import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { intentBody, intentList, intentSchema, listResponse } from '@console/contracts';
import type { AppContext } from '../../context';
import { requireAuth } from '../../platform/authenticate';
import { listQuery } from '../../platform/listing';
import { idParams, noContent, refusals, security } from '../../platform/params';
import { createIntent, deleteIntent, listIntents, readIntent, updateIntent } from './service';

export function intentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['intents'];

    app.get('/project/:id/intent', {
      schema: {
        tags,
        security,
        summary: "A project's intents (its readers)",
        params: idParams,
        querystring: listQuery(intentList),
        response: { 200: listResponse(intentSchema), ...refusals },
      },
      handler: (request) => listIntents(ctx, requireAuth(request).user, request.params.id, request.query),
    });

    app.post('/project/:id/intent', {
      schema: {
        tags,
        security,
        summary: 'Create an intent with its utterances; names are unique in the project (project admins and editors)',
        params: idParams,
        body: intentBody,
        response: { 201: intentSchema, ...refusals },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await createIntent(ctx, requireAuth(request).user, request.params.id, request.body)),
    });

    app.get('/intent/:id', {
      schema: { tags, security, summary: 'One intent (its project readers)', params: idParams, response: { 200: intentSchema, ...refusals } },
      handler: (request) => readIntent(ctx, requireAuth(request).user, request.params.id),
    });

    app.put('/intent/:id', {
      schema: {
        tags,
        security,
        summary: 'Rename an intent and replace its utterances (project admins and editors)',
        params: idParams,
        body: intentBody,
        response: { 200: intentSchema, ...refusals },
      },
      handler: (request) => updateIntent(ctx, requireAuth(request).user, request.params.id, request.body),
    });

    app.delete('/intent/:id', {
      schema: { tags, security, summary: 'Delete an intent (project admins)', params: idParams, response: { 204: noContent, ...refusals } },
      handler: async (request, reply) => {
        await deleteIntent(ctx, requireAuth(request).user, request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
}
