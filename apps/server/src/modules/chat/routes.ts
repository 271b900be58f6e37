import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  chatAnswerSchema,
  chatQueryBody,
  convertReportingIdAnswer,
  realtimeAnswerSchema,
  realtimeQueryBody,
  widgetConfigAnswer,
} from '@console/contracts';
import type { AppContext } from '../../context';
import { access, projectAccessOf } from '../../platform/access';
import { requireAuth } from '../../platform/authenticate';
import { idParams, refusals, security, uuidParam } from '../../platform/params';
import { deployedOf, deploymentKeyParams, publicChatApi, publicKey, publicRefusals } from './public-access';
import { runQuery } from './query';
import { convertReportingId, realtimeQuery } from './realtime';
import { pageVisitor } from './visitors';
import { readWidgetConfig } from './widget-config';

const channelParams = z.object({ deploymentKey: publicKey('Deployment Key'), channelKey: publicKey('Channel Key') });
const reportingIdParams = z.object({ id: uuidParam('Id'), reportingId: uuidParam('Reporting Id') });

/**
 * Another question of the conversation still being answered after the wait (./turn-lease.ts), and a
 * flow's business-logic endpoint that failed the question (./business-logic.ts).
 */
const turnRefusals = { 409: apiErrorSchema, 502: apiErrorSchema } as const;

/**
 * Sends an answer the answering worker rendered as JSON: a string with a JSON content type leaves
 * as it is, so the response schema documents it without serializing it again on the busiest route.
 */
function sendRendered(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

export function chatRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['chat'];
    const { gate, perClient, preflight } = publicChatApi(app, ctx, tags);

    app.post('/chat/:deploymentKey/query', {
      config: { access: access.gate(gate), crossOrigin: true, rateLimit: perClient('query') },
      // Helmet's headers protect documents; the gate sets what a JSON answer to other origins needs,
      // without rebuilding helmet's configuration on every question.
      helmet: false,
      schema: {
        tags,
        summary: "Ask a deployment's assistant (public: the page's Origin must be an allowed origin of the deployment); 409 while another question of the conversation is still answered after a wait; 502 when a flow's business logic fails",
        params: deploymentKeyParams,
        body: chatQueryBody,
        response: { 200: chatAnswerSchema, ...publicRefusals, ...turnRefusals },
      },
      handler: async (request, reply) => {
        const receivedAt = ctx.now();
        const deployment = deployedOf(request);
        const target = {
          projectId: deployment.projectId,
          deploymentId: deployment.id,
          snapshotId: deployment.snapshotId,
          integrationType: 'deployment',
          visitorId: pageVisitor(ctx, deployment.id, request),
          redaction: deployment.redaction,
        } as const;
        return sendRendered(reply, await runQuery(ctx, target, request.body, receivedAt));
      },
    });

    app.get('/chat/:deploymentKey/channel/:channelKey', {
      config: { access: access.gate(gate), crossOrigin: true, rateLimit: perClient('channel') },
      helmet: false,
      schema: {
        tags,
        summary: "A web channel's configuration for the widget (public, allowed origins only; an active web channel of the deployment's project)",
        params: channelParams,
        response: { 200: widgetConfigAnswer, ...publicRefusals },
      },
      handler: (request) => readWidgetConfig(ctx, deployedOf(request), request.params.channelKey),
    });

    preflight('/chat/:deploymentKey/query', 'POST', deploymentKeyParams);
    preflight('/chat/:deploymentKey/channel/:channelKey', 'GET', channelParams);

    app.post('/project/:id/chat/query', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: "The Real-Time Test: ask the version named (404 for one the project does not have), else the project's newest, with the engine's trace and the version that answered (its readers); 409 before the first sync, or while another question of the conversation is still answered after a wait; 502 when a flow's business logic fails",
        params: idParams,
        body: realtimeQueryBody,
        response: { 200: realtimeAnswerSchema, ...refusals, ...turnRefusals },
      },
      handler: async (request, reply) => sendRendered(reply, await realtimeQuery(ctx, requireAuth(request).user, projectAccessOf(request), request.body)),
    });

    app.get('/project/:id/convert-reporting-id/:reportingId', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: 'The content item of the project with this reporting id (its readers)',
        params: reportingIdParams,
        response: { 200: convertReportingIdAnswer, ...refusals },
      },
      handler: (request) => convertReportingId(ctx, projectAccessOf(request), request.params.reportingId),
    });
  };
}
