import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { syncAnswerSchema, syncBody } from '@console/contracts';
import type { AppContext } from '../../context';
import { access, projectAccessOf } from '../../platform/access';
import { requireAuth } from '../../platform/authenticate';
import { idParams, refusals, security } from '../../platform/params';
import { syncProject } from './service';
import { actingFor } from '../../platform/caller';

export function snapshotRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/project/:id/sync', {
      config: { access: access.project('canUpdateProject') },
      schema: {
        tags: ['deployments'],
        security,
        summary:
          "Compile the project's active content, intents, slots, jargon and settings into a new snapshot, the project's next version, with an optional note; the body may be left out (project admins and editors)",
        params: idParams,
        // No body at all (null) is a sync without a note.
        body: syncBody.nullish(),
        response: { 200: syncAnswerSchema, ...refusals },
      },
      handler: (request) => syncProject(actingFor(ctx, request), requireAuth(request).user, projectAccessOf(request), request.body ?? syncBody.parse({})),
    });
  };
}
