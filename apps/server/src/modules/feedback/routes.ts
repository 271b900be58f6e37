import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatFeedbackBody, feedbackSchema } from '@console/contracts';
import type { AppContext } from '../../context';
import { access, projectAccessOf } from '../../platform/access';
import { requireAuth } from '../../platform/authenticate';
import { idParams, refusals, security } from '../../platform/params';
import { deploymentKeyParams, gatedDeployment, publicChatApi, publicRefusals } from '../chat/public-access';
import { consoleVisitor, pageVisitor } from '../chat/visitors';
import { redactionOf } from '../privacy/settings';
import { storeFeedback } from './service';

/**
 * Feedback on answers: a visitor's thumbs through the public chat API, behind the gate and limit of
 * their questions, and the console's Real-Time Test's (any reader of the project tries the thumbs).
 */
export function feedbackRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['feedback'];
    const { gate, perClient, preflight } = publicChatApi(app, ctx, tags);

    app.post('/chat/:deploymentKey/feedback', {
      // One budget with the questions: sending feedback is no way around the limit on them.
      config: { access: access.gate(gate), crossOrigin: true, rateLimit: perClient('query') },
      helmet: false,
      schema: {
        tags,
        summary:
          "A visitor's thumbs up or down on an answer of this deployment, with an optional comment (public: the page's Origin must be an allowed origin of the deployment); sent again, it replaces the one stored; 404 for an answer this deployment did not give",
        params: deploymentKeyParams,
        body: chatFeedbackBody,
        response: { 200: feedbackSchema, ...publicRefusals },
      },
      handler: (request) => {
        const deployment = gatedDeployment(request);
        const visitorId = pageVisitor(ctx, deployment.id, request);
        return storeFeedback(ctx, { projectId: deployment.projectId, deploymentId: deployment.id, visitorId, redaction: deployment.redaction }, request.body);
      },
    });
    preflight('/chat/:deploymentKey/feedback', 'POST', deploymentKeyParams);

    app.post('/project/:id/chat/feedback', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: "The Real-Time Test's thumbs on one of its answers (its readers); sent again, it replaces the one stored; 404 for an answer the project's Real-Time Test did not give",
        params: idParams,
        body: chatFeedbackBody,
        response: { 200: feedbackSchema, ...refusals },
      },
      handler: (request) => {
        const { project } = projectAccessOf(request);
        const visitorId = consoleVisitor(requireAuth(request).user);
        return storeFeedback(ctx, { projectId: project.id, deploymentId: null, visitorId, redaction: redactionOf(project) }, request.body);
      },
    });
  };
}
