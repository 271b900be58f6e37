import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { projectSchema, updatePrivacyBody } from '@console/contracts';
import type { AppContext } from '../../context';
import { access, projectAccessOf } from '../../platform/access';
import { idParams, refusals, security } from '../../platform/params';
import { toProject } from '../project/service';
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
  };
}
