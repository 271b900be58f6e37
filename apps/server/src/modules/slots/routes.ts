import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listResponse, slotBody, slotList, slotSchema } from '@console/contracts';
import type { AppContext } from '../../context';
import { requireAuth } from '../../platform/authenticate';
import { listQuery } from '../../platform/listing';
import { idParams, noContent, refusals, security } from '../../platform/params';
import { createSlot, deleteSlot, listSlots, readSlot, updateSlot } from './service';

export function slotRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['slots'];

    app.get('/project/:id/slot', {
      schema: {
        tags,
        security,
        summary: "A project's slots (its readers)",
        params: idParams,
        querystring: listQuery(slotList),
        response: { 200: listResponse(slotSchema), ...refusals },
      },
      handler: (request) => listSlots(ctx, requireAuth(request).user, request.params.id, request.query),
    });

    app.post('/project/:id/slot', {
      schema: {
        tags,
        security,
        summary: 'Create a slot with its terms; names are unique in the project (project admins and editors)',
        params: idParams,
        body: slotBody,
        response: { 201: slotSchema, ...refusals },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await createSlot(ctx, requireAuth(request).user, request.params.id, request.body)),
    });

    app.get('/slot/:id', {
      schema: { tags, security, summary: 'One slot (its project readers)', params: idParams, response: { 200: slotSchema, ...refusals } },
      handler: (request) => readSlot(ctx, requireAuth(request).user, request.params.id),
    });

    app.put('/slot/:id', {
      schema: {
        tags,
        security,
        summary: 'Rename a slot and replace its terms (project admins and editors)',
        params: idParams,
        body: slotBody,
        response: { 200: slotSchema, ...refusals },
      },
      handler: (request) => updateSlot(ctx, requireAuth(request).user, request.params.id, request.body),
    });

    app.delete('/slot/:id', {
      schema: { tags, security, summary: 'Delete a slot (project admins)', params: idParams, response: { 204: noContent, ...refusals } },
      handler: async (request, reply) => {
        await deleteSlot(ctx, requireAuth(request).user, request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
}
