import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema/index';
import { hmac } from '../../platform/secrets';

/**
 * Who asked a question, as the dashboard counts users: an opaque key, never the person. A page's
 * visitor is a keyed hash of the deployment, the client address and the browser (the widget sends no
 * identity of its own, and a raw address would be personal data kept for nothing); the Real-Time
 * Test's visitor is the console user.
 */
export function pageVisitor(ctx: AppContext, deploymentId: string, request: FastifyRequest): string {
  return hmac(ctx.keys.visitorHmac, `${deploymentId}\n${request.ip}\n${request.headers['user-agent'] ?? ''}`).slice(0, 32);
}

export function consoleVisitor(user: UserRow): string {
  return `user:${user.id}`;
}
