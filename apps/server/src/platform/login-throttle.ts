import { and, count, eq, gt, lte, min } from 'drizzle-orm';
import type { AppContext } from '../context';
import { loginFailures } from '../db/schema/index';
import { AppError } from './errors';

/**
 * What a failed attempt guessed: the password, or an e-mailed code (MFA, reset, invitation). They are
 * counted apart so that knowing the password never buys more guesses at the codes: a correct password
 * forgets wrong passwords only, and wrong codes count across every challenge of the account until a
 * code is accepted or the window passes.
 */
export type SignInFactor = 'password' | 'code';

/**
 * Per-account throttle: failed attempts per e-mail and factor within a sliding window. Counted for
 * unknown e-mails too, so the throttle reveals nothing.
 */
export async function assertAccountNotThrottled(ctx: AppContext, account: string, factor: SignInFactor): Promise<void> {
  const now = ctx.now();
  const since = new Date(now.getTime() - ctx.limits.windowMs);
  const [row] = await ctx.db
    .select({ failures: count(), oldest: min(loginFailures.createdAt) })
    .from(loginFailures)
    .where(and(eq(loginFailures.account, account), eq(loginFailures.factor, factor), gt(loginFailures.createdAt, since)));
  if (!row || row.failures < ctx.limits.maxFailuresPerAccount || !row.oldest) return;
  // The window slides: the account is free again once the oldest counted failure leaves it.
  const oldest = row.oldest instanceof Date ? row.oldest : new Date(row.oldest);
  const retryAfterMs = oldest.getTime() + ctx.limits.windowMs - now.getTime();
  throw AppError.tooManyAttempts(retryAfterMs / 1000);
}

export async function recordLoginFailure(ctx: AppContext, account: string, factor: SignInFactor): Promise<void> {
  await ctx.db.insert(loginFailures).values({ account, factor, createdAt: ctx.now() });
}

/** A passed factor forgets the account's failures of that factor; old rows of any account are pruned on the way. */
export async function clearLoginFailures(ctx: AppContext, account: string, factor: SignInFactor): Promise<void> {
  const expired = new Date(ctx.now().getTime() - ctx.limits.windowMs);
  await ctx.db.delete(loginFailures).where(and(eq(loginFailures.account, account), eq(loginFailures.factor, factor)));
  await ctx.db.delete(loginFailures).where(lte(loginFailures.createdAt, expired));
}

/** Runs a sign-in step that checks one factor under the throttle: 401 answers count as its failures. */
export async function withAccountThrottle<T>(
  ctx: AppContext,
  account: string,
  factor: SignInFactor,
  step: () => Promise<T>,
): Promise<T> {
  await assertAccountNotThrottled(ctx, account, factor);
  try {
    const result = await step();
    await clearLoginFailures(ctx, account, factor);
    return result;
  } catch (error) {
    if (error instanceof AppError && error.status === 401) await recordLoginFailure(ctx, account, factor);
    throw error;
  }
}
