import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@console/contracts';
import type { AppContext } from '../../context';
import { access } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { noContent } from '../../platform/params';
import type { PublicDeployment } from '../deployment/directory';
import { chatMessages } from './messages';

declare module 'fastify' {
  interface FastifyRequest {
    /** The deployment named by a public chat route's key, once its origin check passed. */
    chatDeployment: PublicDeployment | null;
  }
}

/** The header of a page's origin; a missing one and the opaque 'null' are never allowed. */
function requestOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  return typeof origin === 'string' && origin !== 'null' ? origin : null;
}

/**
 * The gate of the public chat routes, before anything else runs: the key must name a deployment
 * (404) and the request's Origin must be one of its allowed origins, compared exactly (403, with no
 * CORS header, so the browser shows the page nothing). An allowed origin is echoed back, never `*`.
 * Every answer varies by Origin, so a cache never hands one page's answer to another.
 */
export function publicDeploymentGate(ctx: AppContext): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // The widget runs on customers' pages: these answers are for other origins (the gate decides which).
    reply.headers({ vary: 'Origin', 'cross-origin-resource-policy': 'cross-origin', 'x-content-type-options': 'nosniff' });
    const { deploymentKey } = request.params as { deploymentKey: string };
    const deployment = await ctx.assistant.deployments.byKey(deploymentKey);
    if (!deployment) throw AppError.notFound(chatMessages.unknownDeployment);
    const origin = requestOrigin(request);
    if (!origin || !deployment.allowedOrigins.includes(origin)) throw AppError.forbidden(chatMessages.originRefused);
    reply.header('access-control-allow-origin', origin);
    request.chatDeployment = deployment;
  };
}

/** The deployment the gate let the request through for. */
export function gatedDeployment(request: FastifyRequest): PublicDeployment {
  const deployment = request.chatDeployment;
  if (!deployment) throw new Error('the public deployment gate did not run');
  return deployment;
}

/** The gated deployment with the snapshot it answers from (404 while it was never deployed). */
export function deployedOf(request: FastifyRequest): PublicDeployment & { snapshotId: string } {
  const deployment = gatedDeployment(request);
  const { snapshotId } = deployment;
  if (!snapshotId) throw AppError.notFound(chatMessages.notDeployed);
  return { ...deployment, snapshotId };
}

export const publicKey = (field: string) =>
  z.string({ error: `${field} must be a key` }).min(1, { error: `${field} must be a key` }).max(128, { error: `${field} must be a key` });
export const deploymentKeyParams = z.object({ deploymentKey: publicKey('Deployment Key') });
export const publicRefusals = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema } as const;

/**
 * The per-client budgets of the public chat API: a visitor's questions and their feedback on the
 * answers spend one ('query'), so feedback is no way around the limit on questions; loading the
 * widget's configuration has its own.
 */
type PublicBudget = 'query' | 'channel';

/**
 * What a plugin of public chat routes (the chat module's, the feedback module's) declares its routes
 * with: the deployment gate, the per-client limit and CORS preflights. The limits of every plugin
 * count in one store (platform/rate-limit.ts), by the budget's key.
 */
export function publicChatApi(app: Parameters<FastifyPluginAsyncZod>[0], ctx: AppContext, tags: string[]) {
  app.decorateRequest('chatDeployment', null);
  const gate = publicDeploymentGate(ctx);
  return {
    gate,
    /** Per client address and deployment; the gate runs first, so a 429 still carries the CORS headers. */
    perClient: (budget: PublicBudget) => ({
      max: ctx.assistant.maxQueriesPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `chat-${budget}:${request.ip}:${(request.params as { deploymentKey: string }).deploymentKey}`,
      errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new AppError(429, chatMessages.tooManyQueries(seconds), { headers: { 'retry-after': String(seconds) } });
      },
    }),
    /** A route's CORS preflight: answered for allowed origins only (the gate refuses the others without CORS headers). */
    preflight: (url: string, method: 'GET' | 'POST', params: z.ZodObject) =>
      app.options(url, {
        config: { access: access.gate(gate), crossOrigin: true },
        helmet: false,
        schema: { tags, summary: `CORS preflight of ${method} ${url}`, params, response: { 204: noContent, ...publicRefusals } },
        handler: async (_request, reply) =>
          reply
            .status(204)
            .headers({ 'access-control-allow-methods': method, 'access-control-allow-headers': 'content-type', 'access-control-max-age': '600' })
            .send(null),
      }),
  };
}
