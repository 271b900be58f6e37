import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobSchema } from '@console/contracts';
import type { AppContext } from '../../context';
import { access, projectAccessOf } from '../../platform/access';
import { refusals, security, uuidParam } from '../../platform/params';
import { cancelJob, readJob } from './service';

const jobParams = z.object({ id: uuidParam('Id'), jobId: uuidParam('Job Id') });

export function jobRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['jobs'];

    app.get('/project/:id/job/:jobId', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: "A background job of the project (a test run, a replay, a source pull): its status and progress, done / total and time left (its readers)",
        params: jobParams,
        response: { 200: jobSchema, ...refusals },
      },
      handler: (request) => readJob(ctx, projectAccessOf(request), request.params.jobId),
    });

    app.post('/project/:id/job/:jobId/cancel', {
      config: { access: access.project('canUpdateProject') },
      schema: {
        tags,
        security,
        summary: 'Cancel a background job: a queued one at once, a running one at its next step; 409 once it finished (project admins and editors)',
        params: jobParams,
        response: { 200: jobSchema, ...refusals },
      },
      handler: (request) => cancelJob(ctx, projectAccessOf(request), request.params.jobId),
    });
  };
}
