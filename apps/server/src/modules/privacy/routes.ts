import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { projectSchema, retentionStatusSchema, updatePrivacyBody } from '@console/contracts';
import type { AppContext } from '../../context';
import { access, projectAccessOf } from '../../platform/access';
import { idParams, refusals, security } from '../../platform/params';
import { toProject } from '../project/service';
import { latestRetention } from './retention-job';
import { updatePrivacy } from './settings';

/** What a project keeps of its visitors: redaction of personal data before storage, and retention. */
export function privacyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['privacy'];

    app.put('/project/:id/privacy', {
      config: { access: access.project('canUpdatePrivacy') },
      schema: {
        tags,
        security,
        summary:
          'Set which personal data is replaced by markers before anything is stored (e-mail addresses, card numbers, IBANs, IP addresses, phone numbers), and how many days conversations are kept (null: forever); a field left out keeps its value (project admins)',
        params: idParams,
        body: updatePrivacyBody,
        response: { 200: projectSchema, ...refusals },
      },
      handler: async (request) => toProject(await updatePrivacy(ctx, projectAccessOf(request), request.body)),
    });

    app.get('/project/:id/privacy/retention', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: "The latest run of the project's retention, the background job that deletes conversations older than its retention every hour, with its progress (the project's readers)",
        params: idParams,
        response: { 200: retentionStatusSchema, ...refusals },
      },
      handler: async (request) => ({ last_run: await latestRetention(ctx, projectAccessOf(request).project.id) }),
    });
  };
}
