import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { erasureBody, erasureCountsSchema, erasurePreviewBody, erasurePreviewSchema, projectSchema, retentionStatusSchema, updatePrivacyBody } from '@console/contracts';
import type { AppContext } from '../../context';
import { access, projectAccessOf } from '../../platform/access';
import { idParams, refusals, security } from '../../platform/params';
import { toProject } from '../project/service';
import { eraseConversations, previewErasure } from './erasure';
import { latestRetention } from './retention-job';
import { updatePrivacy } from './settings';
import { actingFor } from '../../platform/caller';

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
      handler: async (request) => toProject(await updatePrivacy(actingFor(ctx, request), projectAccessOf(request), request.body)),
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

    app.post('/project/:id/erasure/preview', {
      config: { access: access.project('canEraseConversations') },
      schema: {
        tags,
        security,
        summary:
          "What erasing conversations would take, named by id or found by a value a visitor gave (an e-mail address, a name: at least 3 characters, any case, anywhere in the stored questions, answers, traces and feedback comments): the conversations, events, feedback and test cases, with the ids to erase (project admins)",
        params: idParams,
        body: erasurePreviewBody,
        response: { 200: erasurePreviewSchema, ...refusals },
      },
      handler: (request) => previewErasure(ctx, { project: projectAccessOf(request).project }, request.body),
    });

    app.post('/project/:id/erasure', {
      config: { access: access.project('canEraseConversations') },
      schema: {
        tags,
        security,
        summary:
          "Erases for good the conversations and test cases a preview listed, those of them still the project's: events, conversations, feedback, the inbox's questions, the test cases made from them; answers what was erased (project admins)",
        params: idParams,
        body: erasureBody,
        response: { 200: erasureCountsSchema, ...refusals },
      },
      handler: (request) => eraseConversations(actingFor(ctx, request), { project: projectAccessOf(request).project }, request.body),
    });
  };
}
