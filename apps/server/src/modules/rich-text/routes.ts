import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { convertKbToPmBody, convertPmToKbBody, kbDocumentAnswer, kbToPm, pmDocumentAnswer, pmToKb } from '@console/contracts';
import type { AppContext } from '../../context';
import { access } from '../../platform/access';
import { refusals, security } from '../../platform/params';

/**
 * The converters between the editor's ProseMirror JSON and the KB node types.
 * Pure functions of the body, so any signed-in user may call them; the body schemas refuse unknown
 * node types and unsafe URLs, and hand over the canonical document.
 */
export function richTextRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['rich-text'];
    const { 400: badRequest, 401: unauthorized } = refusals;

    app.post('/util/convert-pm-to-kb', {
      config: { access: access.signedIn },
      schema: {
        tags,
        security,
        summary: 'Convert a ProseMirror document of the editor to KB nodes',
        body: convertPmToKbBody,
        response: { 200: kbDocumentAnswer, 400: badRequest, 401: unauthorized },
      },
      handler: (request) => ({ value: pmToKb(request.body.value) }),
    });

    app.post('/util/convert-kb-to-pm', {
      config: { access: access.signedIn },
      schema: {
        tags,
        security,
        summary: 'Convert KB nodes to a ProseMirror document of the editor',
        body: convertKbToPmBody,
        response: { 200: pmDocumentAnswer, 400: badRequest, 401: unauthorized },
      },
      handler: (request) => ({ value: kbToPm(request.body.value) }),
    });
  };
}
