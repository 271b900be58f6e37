import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_BYTES,
  REFRESH_TOKEN_TTL_SECONDS,
  errorDetails,
  type RefreshResult,
} from '@console/contracts';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { refreshTokens, users, type UserRow } from '../db/schema/index';
import { AppError } from './errors';
import { randomToken, sha256 } from './secrets';

interface AccessClaims {
  userId: string;
  familyId: string;
  tokenVersion: number;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function signAccessToken(ctx: AppContext, claims: AccessClaims): Promise<string> {
  const issuedAt = seconds(ctx.now());
  return new SignJWT({ sid: claims.familyId, ver: claims.tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(ctx.keys.jwt);
}

/**
 * Verifies signature and expiry; the algorithm is pinned so a token cannot choose how it is checked,
 * and the expiry is required (jose checks it only when present): a token without one, however it was
 * made with the secret, would never end.
 */
export async function verifyAccessToken(ctx: AppContext, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, ctx.keys.jwt, { algorithms: ['HS256'], requiredClaims: ['exp'], currentDate: ctx.now() });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.ver !== 'number') return null;
    return { userId: payload.sub, familyId: payload.sid, tokenVersion: payload.ver };
  } catch {
    return null;
  }
}

/** Where refresh tokens are written: the database, or a transaction under way. */
type TokenWriter = Pick<Db, 'insert' | 'update'>;

async function insertRefreshToken(ctx: AppContext, writer: TokenWriter, userId: string, familyId: string): Promise<string> {
  const token = randomToken(REFRESH_TOKEN_BYTES);
  const now = ctx.now();
  await writer.insert(refreshTokens).values({
    familyId,
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    createdAt: now,
  });
  return token;
}

/** Starts a new session (a new refresh-token family) and notes the sign-in time. */
export async function issueSession(ctx: AppContext, user: UserRow): Promise<RefreshResult> {
  const familyId = randomUUID();
  const refreshToken = await insertRefreshToken(ctx, ctx.db, user.id, familyId);
  await ctx.db.update(users).set({ lastLoginAt: ctx.now() }).where(eq(users.id, user.id));
  const token = await signAccessToken(ctx, { userId: user.id, familyId, tokenVersion: user.tokenVersion });
  return { token, refresh_token: refreshToken };
}

async function revokeFamily(ctx: AppContext, familyId: string, writer: TokenWriter = ctx.db): Promise<void> {
  await writer
    .update(refreshTokens)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Exchanges a refresh token for a new pair. A token already rotated is a sign it was stolen
 * (the thief or the owner used it first), so the whole family is revoked.
 *
 * The rotation is one transaction that holds the presented token's row: a second use of the token,
 * in any process, waits until the first one's new token is committed, then finds the token rotated
 * and revokes the family with that new token in it, whichever use came first.
 */
export async function rotateRefreshToken(ctx: AppContext, presented: string): Promise<RefreshResult> {
  const now = ctx.now();
  const rotated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(presented))).limit(1).for('update');
    if (!row || row.revokedAt) return null;
    // Revocations are committed with the refusal, so the family stays revoked.
    if (row.rotatedAt) {
      await revokeFamily(ctx, row.familyId, tx);
      return null;
    }
    if (row.expiresAt <= now) return null;
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).limit(1);
    if (!user || user.status !== 'active') {
      await revokeFamily(ctx, row.familyId, tx);
      return null;
    }
    await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, row.id));
    return { user, familyId: row.familyId, refreshToken: await insertRefreshToken(ctx, tx, user.id, row.familyId) };
  });
  if (!rotated) throw AppError.unauthorized(errorDetails.invalidRefreshToken);
  const { user, familyId, refreshToken } = rotated;
  const token = await signAccessToken(ctx, { userId: user.id, familyId, tokenVersion: user.tokenVersion });
  return { token, refresh_token: refreshToken };
}

/**
 * Signing out: the presented refresh token's whole family (the session) is revoked, so neither it,
 * any token rotated from it, nor an access token of the session works any more. A token that names
 * no session changes nothing and is answered alike: signing out twice is not an error.
 */
export async function endSession(ctx: AppContext, presented: string): Promise<void> {
  const [row] = await ctx.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(presented)))
    .limit(1);
  if (row) await revokeFamily(ctx, row.familyId);
}

/**
 * Ends every session of a user: outstanding access tokens fail the version check, refresh tokens are
 * revoked. `keepFamilyId` spares one session (the caller's own), whose access tokens then keep the
 * version they carry: the others' access tokens still fail at once, since every request checks that
 * its session's family is live.
 */
export async function endUserSessions(ctx: AppContext, userId: string, options: { keepFamilyId?: string } = {}): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (!options.keepFamilyId) {
      await tx
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, userId));
    }
    await tx
      .update(refreshTokens)
      .set({ revokedAt: ctx.now() })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          options.keepFamilyId ? ne(refreshTokens.familyId, options.keepFamilyId) : undefined,
        ),
      );
  });
}

/** Whether the session family of an access token is still alive (not revoked, not reused). */
export async function isFamilyLive(ctx: AppContext, userId: string, familyId: string): Promise<boolean> {
  const [live] = await ctx.db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  return live !== undefined;
}
