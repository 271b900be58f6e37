import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import {
  MFA_CODE_LENGTH,
  MFA_CODE_TTL_MS,
  MFA_MAX_ATTEMPTS,
  RESET_MAILS_PER_ACCOUNT,
  errorDetails,
  type LoginResult,
  type RefreshResult,
} from '@console/contracts';
import type { AppContext } from '../../context';
import { invitations, mfaChallenges, passwordResetRequests, users, type UserRow } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { clearLoginFailures, passwordLimitReached, recordLoginFailure, withCodeThrottle } from '../../platform/login-throttle';
import { generateDigits, verifyPassword } from '../../platform/passwords';
import { decryptCode, hmac, randomToken, safeEqual, sha256 } from '../../platform/secrets';
import { endSession, issueSession, rotateRefreshToken } from '../../platform/tokens';
import { changeUserPassword, createPasswordResetRequest, findUserByEmail } from '../user/service';
import { mfaMail, resetMail } from './mails';

const noTokens = (userId: string | null): LoginResult => ({ user_id: userId, token: null, refresh_token: null });

/**
 * The id looked up in place of an unknown e-mail's account (user ids are random v4 UUIDs, never this),
 * so that a step costs the same database work whether or not the e-mail has an account: the answer
 * time must not tell.
 */
const NO_ACCOUNT_ID = '00000000-0000-0000-0000-000000000000';

async function startSession(ctx: AppContext, user: UserRow): Promise<LoginResult> {
  const session = await issueSession(ctx, user);
  return { user_id: user.id, ...session };
}

/** What the password step answers when a code is mailed: a pending token, and no user id until the code. */
const pendingMfa = (pendingToken: string): LoginResult => ({ user_id: null, token: pendingToken, refresh_token: pendingToken });

/**
 * Password sign-in. Unknown e-mail and wrong password answer alike and take alike long; the account
 * state is revealed only to someone who knows the password.
 *
 * Past the limit of wrong passwords an account is not locked, which would let anyone lock its owner
 * out: it signs in only with a mailed code. Every answer past the limit is then the pending-MFA one,
 * right password or not (a wrong one gets a token that opens nothing, and no mail), so further
 * guesses learn nothing, and only the owner's mailbox sees that the password was right.
 */
export async function signInWithPassword(ctx: AppContext, input: { email: string; password: string }): Promise<LoginResult> {
  const mailedCodeOnly = await passwordLimitReached(ctx, input.email);
  const user = await findUserByEmail(ctx.db, input.email);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (user && valid && user.status === 'active') {
    // Failures forgotten only when the password alone would have let the user in.
    if (!mailedCodeOnly) await clearLoginFailures(ctx, input.email, 'password');
    return mailedCodeOnly || user.isMfaEnabled ? startMfaChallenge(ctx, user) : startSession(ctx, user);
  }
  if (!user || !valid) await recordLoginFailure(ctx, input.email, 'password');
  if (mailedCodeOnly) return pendingMfa(randomToken());
  if (!user || !valid) throw AppError.unauthorized(errorDetails.invalidCredentials);
  throw AppError.forbidden(errorDetails.accountBlocked);
}

/** Sends a one-time code; the answer's token equals its refresh token: a pending token good only for /login/mfa. */
async function startMfaChallenge(ctx: AppContext, user: UserRow): Promise<LoginResult> {
  const now = ctx.now();
  const code = generateDigits(MFA_CODE_LENGTH);
  const pendingToken = randomToken();
  // Only the newest challenge is live: an older code in the inbox must not work any more.
  await ctx.db
    .update(mfaChallenges)
    .set({ consumedAt: now })
    .where(and(eq(mfaChallenges.userId, user.id), isNull(mfaChallenges.consumedAt)));
  await ctx.db.insert(mfaChallenges).values({
    userId: user.id,
    pendingTokenHash: sha256(pendingToken),
    codeHash: hmac(ctx.keys.codeHmac, code),
    expiresAt: new Date(now.getTime() + MFA_CODE_TTL_MS),
    createdAt: now,
  });
  // After the answer: past the limit of wrong passwords, a mail only for the right password would time it.
  ctx.runInBackground(() => ctx.mailer.send(mfaMail(ctx.publicUrl, user.email, code)));
  return pendingMfa(pendingToken);
}

/**
 * Second factor. The pending token (bearer) picks its challenge; without it (the e-mailed link opened
 * in another browser) the user's newest live challenge is used. Wrong codes count; the fifth burns it.
 * Wrong codes sent with a pending token that picks a live challenge (only a right password got one)
 * are counted apart from the others, so a stranger who guesses codes at the link cannot close the
 * step the owner uses after their password.
 */
export async function signInWithMfa(
  ctx: AppContext,
  input: { email: string; token_code: string },
  pendingToken: string | null,
): Promise<LoginResult> {
  const now = ctx.now();
  const user = await findUserByEmail(ctx.db, input.email);
  const live = and(eq(mfaChallenges.userId, user?.id ?? NO_ACCOUNT_ID), isNull(mfaChallenges.consumedAt), gt(mfaChallenges.expiresAt, now));
  const [byToken] = pendingToken
    ? await ctx.db
        .select()
        .from(mfaChallenges)
        .where(and(live, eq(mfaChallenges.pendingTokenHash, sha256(pendingToken))))
        .limit(1)
    : [];
  return withCodeThrottle(ctx, input.email, byToken ? 'pending-code' : 'code', async () => {
    const refused = () => AppError.unauthorized(errorDetails.invalidMfaCode);
    const [challenge] = byToken
      ? [byToken]
      : await ctx.db.select().from(mfaChallenges).where(live).orderBy(desc(mfaChallenges.createdAt)).limit(1);
    if (!challenge || !user) throw refused();

    if (!safeEqual(hmac(ctx.keys.codeHmac, input.token_code), challenge.codeHash)) {
      const attempts = challenge.attempts + 1;
      const burned = attempts >= MFA_MAX_ATTEMPTS;
      await ctx.db
        .update(mfaChallenges)
        .set({ attempts, ...(burned ? { consumedAt: now } : {}) })
        .where(eq(mfaChallenges.id, challenge.id));
      throw AppError.unauthorized(burned ? errorDetails.mfaCodeBurned : errorDetails.invalidMfaCode);
    }

    // Single use even under concurrent calls: only one update finds it unconsumed.
    const consumed = await ctx.db
      .update(mfaChallenges)
      .set({ consumedAt: now })
      .where(and(eq(mfaChallenges.id, challenge.id), isNull(mfaChallenges.consumedAt)))
      .returning({ id: mfaChallenges.id });
    if (consumed.length === 0) throw refused();
    if (user.status !== 'active') throw AppError.forbidden(errorDetails.accountBlocked);
    return startSession(ctx, user);
  });
}

/**
 * Forgot password: the answer is the same whether or not the account exists, and so is the work
 * before it (the lookup); the rest happens after the answer, and costs an unknown e-mail the same
 * transaction, so not even the next call's time tells.
 */
export async function requestPasswordReset(ctx: AppContext, input: { email: string }): Promise<LoginResult> {
  const user = await findUserByEmail(ctx.db, input.email);
  ctx.runInBackground(() => mailResetCode(ctx, user && user.status !== 'blocked' ? user : null));
  return noTokens(null);
}

/**
 * Mails a reset code unless the account already got RESET_MAILS_PER_ACCOUNT within the window
 * (from forgot or from an administrator), so forgot calls from many addresses cannot flood a mailbox.
 */
async function mailResetCode(ctx: AppContext, user: UserRow | null): Promise<void> {
  const userId = user?.id ?? NO_ACCOUNT_ID;
  const since = new Date(ctx.now().getTime() - ctx.limits.windowMs);
  const created = await ctx.db.transaction(async (tx) => {
    // Locking the user's row makes concurrent calls for one account count one after another.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [recent] = await tx
      .select({ mailed: count() })
      .from(passwordResetRequests)
      .where(
        and(
          eq(passwordResetRequests.userId, userId),
          eq(passwordResetRequests.sendEmail, true),
          gt(passwordResetRequests.createdAt, since),
        ),
      );
    if (!user || (recent?.mailed ?? 0) >= RESET_MAILS_PER_ACCOUNT) return null;
    return createPasswordResetRequest({ ...ctx, db: tx }, user, { sendEmail: true, confirmed: true, mailNow: false });
  });
  if (created && user) await ctx.mailer.send(resetMail(ctx.publicUrl, user.email, created.code));
}

type CodeTable = typeof passwordResetRequests | typeof invitations;

/** Finds the user's newest live code of a kind, checks it and marks it used (once, even concurrently). */
async function consumeCode(ctx: AppContext, table: CodeTable, user: UserRow | undefined, code: string): Promise<boolean> {
  const now = ctx.now();
  const [request] = await ctx.db
    .select()
    .from(table)
    .where(and(eq(table.userId, user?.id ?? NO_ACCOUNT_ID), isNull(table.usedAt), gt(table.expiresAt, now)))
    .orderBy(desc(table.createdAt))
    .limit(1);
  const stored = request ? decryptCode(ctx.keys.codeEncryption, request.codeEncrypted) : null;
  if (!request || !stored || !safeEqual(stored, code)) return false;
  const used = await ctx.db
    .update(table)
    .set({ usedAt: now })
    .where(and(eq(table.id, request.id), isNull(table.usedAt)))
    .returning({ id: table.id });
  return used.length > 0;
}

/** Reset with the e-mailed code: sets the password and ends every session of the user. */
export async function resetPassword(
  ctx: AppContext,
  input: { email: string; token_code: string; password: string },
): Promise<LoginResult> {
  return withCodeThrottle(ctx, input.email, 'code', async () => {
    const user = await findUserByEmail(ctx.db, input.email);
    if (!(await consumeCode(ctx, passwordResetRequests, user, input.token_code)) || !user) {
      throw AppError.unauthorized(errorDetails.invalidTokenCode);
    }
    // A reset unlocks a locked account; a blocked one stays blocked (an administrator decided that).
    await changeUserPassword(ctx, user.id, input.password, user.status === 'locked' ? { status: 'active' } : {});
    return noTokens(user.id);
  });
}

/** Accepting an invitation sets the password and activates the account. */
export async function acceptInvitation(
  ctx: AppContext,
  input: { email: string; token_code: string; password: string },
): Promise<LoginResult> {
  return withCodeThrottle(ctx, input.email, 'code', async () => {
    const user = await findUserByEmail(ctx.db, input.email);
    if (!(await consumeCode(ctx, invitations, user, input.token_code)) || !user) {
      throw AppError.unauthorized(errorDetails.invalidTokenCode);
    }
    if (user.status === 'blocked') throw AppError.forbidden(errorDetails.accountBlocked);
    await changeUserPassword(ctx, user.id, input.password, { status: 'active' });
    return noTokens(user.id);
  });
}

export function signOut(ctx: AppContext, input: { refresh_token: string }): Promise<void> {
  return endSession(ctx, input.refresh_token);
}

export function refreshSession(ctx: AppContext, input: { refresh_token: string }): Promise<RefreshResult> {
  return rotateRefreshToken(ctx, input.refresh_token);
}

