import { and, count, eq, gt, lte, min } from 'drizzle-orm';
import type { AppContext } from '../context';
import { loginFailures } from '../db/schema/index';
import { AppError } from './errors';

/**
 * What a failed attempt guessed: the password, an e-mailed code anyone may send (the MFA link without
 * the pending token, reset, invitation), or an MFA code sent with the pending token that only a right
 * password gets. They are counted apart: a correct password forgets wrong passwords only, so knowing
 * it never buys more guesses at the codes; and a stranger who fills the count of codes anyone may send
 * does not close the pending-token step, so the owner still signs in.
 *
 * Codes anyone may send are counted per account and client address: a stranger's wrong codes close
 * the code steps for the stranger's address, never for the owner's. What caps the guesses at one code
 * over every address is the code's own count (its challenge or its row), which burns it.
 */
type SignInFactor = 'password' | 'code' | 'pending-code';

/** Whose failures a count is about: an account, and for codes anyone may send, the address they came from. */
interface Attempt {
  account: string;
  factor: SignInFactor;
  address?: string | undefined;
}

const countedPerAddress = (factor: SignInFactor) => factor === 'code';

function failuresOf({ account, factor, address }: Attempt) {
  return and(
    eq(loginFailures.account, account),
    eq(loginFailures.factor, factor),
    countedPerAddress(factor) && address !== undefined ? eq(loginFailures.address, address) : undefined,
  );
}

/** Failed attempts within the sliding window, and when the oldest was. */
async function recentFailures(ctx: AppContext, attempt: Attempt) {
  const since = new Date(ctx.now().getTime() - ctx.limits.windowMs);
  const [row] = await ctx.db
    .select({ failures: count(), oldest: min(loginFailures.createdAt) })
    .from(loginFailures)
    .where(and(failuresOf(attempt), gt(loginFailures.createdAt, since)));
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return { failures: row?.failures ?? 0, oldest };
}

/**
 * Whether an e-mail has had the most wrong passwords a window allows. Counted for unknown e-mails
 * too, so the answer reveals nothing about which accounts exist.
 */
export async function passwordLimitReached(ctx: AppContext, account: string): Promise<boolean> {
  const { failures } = await recentFailures(ctx, { account, factor: 'password' });
  return failures >= ctx.limits.maxFailuresPerAccount;
}

type CodeFactor = Exclude<SignInFactor, 'password'>;

/**
 * Steps answer 429 once the most wrong guesses of the factor a window allows were made, known account
 * or not: the code steps, and a change of one's own password (its current password).
 */
export async function assertStepOpen(ctx: AppContext, account: string, factor: SignInFactor, address?: string): Promise<void> {
  const { failures, oldest } = await recentFailures(ctx, { account, factor, address });
  if (failures < ctx.limits.maxFailuresPerAccount || !oldest) return;
  // The window slides: the step is open again once the oldest counted failure leaves it.
  const retryAfterMs = oldest.getTime() + ctx.limits.windowMs - ctx.now().getTime();
  throw AppError.tooManyAttempts(retryAfterMs / 1000);
}

export async function recordLoginFailure(ctx: AppContext, account: string, factor: SignInFactor, address?: string): Promise<void> {
  await ctx.db.insert(loginFailures).values({ account, factor, address: address ?? null, createdAt: ctx.now() });
}

/**
 * A passed factor forgets the failures it counted (of the address, for codes anyone may send); old
 * rows of any account are pruned on the way.
 */
export async function clearLoginFailures(ctx: AppContext, account: string, factor: SignInFactor, address?: string): Promise<void> {
  const expired = new Date(ctx.now().getTime() - ctx.limits.windowMs);
  await ctx.db.delete(loginFailures).where(failuresOf({ account, factor, address }));
  await ctx.db.delete(loginFailures).where(lte(loginFailures.createdAt, expired));
}

/**
 * Runs a step that checks an e-mailed code (MFA, reset, invitation) under the throttle: 401 answers
 * count as failures of the account (with the pending token) or of the account and `address`.
 */
export async function withCodeThrottle<T>(
  ctx: AppContext,
  account: string,
  factor: CodeFactor,
  address: string,
  step: () => Promise<T>,
): Promise<T> {
  await assertStepOpen(ctx, account, factor, address);
  try {
    const result = await step();
    await clearLoginFailures(ctx, account, factor, address);
    return result;
  } catch (error) {
    if (error instanceof AppError && error.status === 401) await recordLoginFailure(ctx, account, factor, address);
    throw error;
  }
}
