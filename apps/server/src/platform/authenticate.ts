import { eq } from 'drizzle-orm';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { errorDetails } from '@console/contracts';
import type { AppContext } from '../context';
import { users, type UserRow } from '../db/schema/index';
import { AppError } from './errors';
import { isFamilyLive, verifyAccessToken } from './tokens';

declare module 'fastify' {
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

/** Who the caller is, from the bearer token (401 without a valid one); platform/access.ts adds it to routes. */
export function createAuthenticate(ctx: AppContext): onRequestAsyncHookHandler {
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
