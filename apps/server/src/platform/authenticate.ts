import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { errorDetails } from '@console/contracts';
import type { AppContext } from '../context';
import { users, type UserRow } from '../db/schema/index';
import { AppError } from './errors';
import { isFamilyLive, verifyAccessToken } from './tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes under /api/v1 are authenticated unless they say `public: true`. */
    public?: boolean;
  }
  interface FastifyRequest {
    auth: { user: UserRow; familyId: string } | null;
  }
}

export const API_PREFIX = '/api/v1';

export function readBearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export function requireAuth(request: FastifyRequest): { user: UserRow; familyId: string } {
  if (!request.auth) throw AppError.unauthorized(errorDetails.missingToken);
  return request.auth;
}

function createAuthenticate(ctx: AppContext): onRequestAsyncHookHandler {
  return async (request) => {
    const token = readBearer(request);
    if (!token) throw AppError.unauthorized(errorDetails.missingToken);
    const claims = await verifyAccessToken(ctx, token);
    if (!claims) throw AppError.unauthorized(errorDetails.invalidToken);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, claims.userId)).limit(1);
    if (!user || user.tokenVersion !== claims.tokenVersion) throw AppError.unauthorized(errorDetails.invalidToken);
    if (user.status !== 'active') throw AppError.unauthorized(errorDetails.accountBlocked);
    if (!(await isFamilyLive(ctx, user.id, claims.familyId))) throw AppError.unauthorized(errorDetails.invalidToken);
    request.auth = { user, familyId: claims.familyId };
  };
}

/**
 * Adds authentication to every API route as it is declared, so a new route is protected
 * by default and only an explicit `config.public` opts out. Must be registered before any route.
 */
export function registerAuthentication(app: FastifyInstance, ctx: AppContext): void {
  const authenticate = createAuthenticate(ctx);
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_PREFIX}/`) || route.config?.public) return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [authenticate, ...existing];
  });
}
