import { and, count, eq, gt, lte, min } from 'drizzle-orm';
import type { AppContext } from '../context';
import { loginFailures } from '../db/schema/index';
import { AppError } from './errors';

/**
 * Per-account throttle: failed sign-in attempts (password, MFA, reset and invite codes) per e-mail
 * within a sliding window. Counted for unknown e-mails too, so the throttle reveals nothing.
 */
export async function assertAccountNotThrottled(ctx: AppContext, account: string): Promise<void> {
  const now = ctx.now();
  const since = new Date(now.getTime() - ctx.limits.windowMs);
  const [row] = await ctx.db
    .select({ failures: count(), oldest: min(loginFailures.createdAt) })
    .from(loginFailures)
    .where(and(eq(loginFailures.account, account), gt(loginFailures.createdAt, since)));
  if (!row || row.failures < ctx.limits.maxFailuresPerAccount || !row.oldest) return;
  // The window slides: the account is free again once the oldest counted failure leaves it.
  const oldest = row.oldest instanceof Date ? row.oldest : new Date(row.oldest);
  const retryAfterMs = oldest.getTime() + ctx.limits.windowMs - now.getTime();
  throw AppError.tooManyAttempts(retryAfterMs / 1000);
}

export async function recordLoginFailure(ctx: AppContext, account: string): Promise<void> {
  await ctx.db.insert(loginFailures).values({ account, createdAt: ctx.now() });
}

/** A successful sign-in forgets the account's failures; old rows of any account are pruned on the way. */
export async function clearLoginFailures(ctx: AppContext, account: string): Promise<void> {
  const expired = new Date(ctx.now().getTime() - ctx.limits.windowMs);
  await ctx.db.delete(loginFailures).where(eq(loginFailures.account, account));
  await ctx.db.delete(loginFailures).where(lte(loginFailures.createdAt, expired));
}

/** Runs a sign-in step under the throttle: 401 answers count as failures. */
export async function withAccountThrottle<T>(ctx: AppContext, account: string, step: () => Promise<T>): Promise<T> {
  await assertAccountNotThrottled(ctx, account);
  try {
    const result = await step();
    await clearLoginFailures(ctx, account);
    return result;
  } catch (error) {
    if (error instanceof AppError && error.status === 401) await recordLoginFailure(ctx, account);
    throw error;
  }
}

