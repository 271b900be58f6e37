import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listResponse, replayBody, replayItemDetailSchema, replayItemList, replayItemSchema, replayList, replaySchema } from '@console/contracts';
import type { AppContext } from '../../context';
import { access, projectAccessOf } from '../../platform/access';
import { requireAuth } from '../../platform/authenticate';
import { listQuery } from '../../platform/listing';
import { idParams, refusals, security, uuidParam } from '../../platform/params';
import { createReplay, listReplayItems, listReplays, readReplay, readReplayItem } from './service';

const replayParams = z.object({ id: uuidParam('Id'), replayId: uuidParam('Replay Id') });
const itemParams = replayParams.extend({
  position: z.coerce.number({ error: 'Position must be a whole number' }).int({ error: 'Position must be a whole number' }).min(1, { error: 'Position must be at least 1' }),
});

export function replayRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['replays'];

    app.post('/project/:id/replay', {
      config: { access: access.project('canUpdateProject') },
      schema: {
        tags,
        security,
        summary:
          "Replay the distinct questions visitors asked a deployment over a window (default the last 7 days, the most asked first) against a candidate version (default the newest), each answered by the deployment's version and by the candidate; runs as a job (project admins and editors)",
        params: idParams,
        body: replayBody,
        response: { 202: replaySchema, ...refusals },
      },
      handler: async (request, reply) => reply.status(202).send(await createReplay(ctx, requireAuth(request).user, projectAccessOf(request), request.body)),
    });

    app.get('/project/:id/replay', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: "A project's replays, newest first, with their job's progress and, once finished, their report (its readers)",
        params: idParams,
        querystring: listQuery(replayList),
        response: { 200: listResponse(replaySchema), ...refusals },
      },
      handler: (request) => listReplays(ctx, projectAccessOf(request), request.query),
    });

    app.get('/project/:id/replay/:replayId', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: 'A replay: the versions compared, the window, its job and its report (groups, moves from one item to another, notes)',
        params: replayParams,
        response: { 200: replaySchema, ...refusals },
      },
      handler: (request) => readReplay(ctx, projectAccessOf(request), request.params.replayId),
    });

    app.get('/project/:id/replay/:replayId/item', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: "A replay's questions with both answers and their group, by position (most asked first)",
        params: replayParams,
        querystring: listQuery(replayItemList),
        response: { 200: listResponse(replayItemSchema), ...refusals },
      },
      handler: (request) => listReplayItems(ctx, projectAccessOf(request), request.params.replayId, request.query),
    });

    app.get('/project/:id/replay/:replayId/item/:position', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: "One replayed question with both answers' traces, side by side",
        params: itemParams,
        response: { 200: replayItemDetailSchema, ...refusals },
      },
      handler: (request) => readReplayItem(ctx, projectAccessOf(request), request.params.replayId, request.params.position),
    });
  };
}
