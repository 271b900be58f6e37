import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
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

/** The gated deployment with the snapshot it answers from (404 while it was never deployed). */
export function deployedOf(request: FastifyRequest): PublicDeployment & { snapshotId: string } {
  const deployment = request.chatDeployment;
  if (!deployment) throw new Error('the public deployment gate did not run');
  const { snapshotId } = deployment;
  if (!snapshotId) throw AppError.notFound(chatMessages.notDeployed);
  return { ...deployment, snapshotId };
}
