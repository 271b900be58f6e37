import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  MFA_CODE_LENGTH,
  MFA_CODE_TTL_MS,
  MFA_MAX_ATTEMPTS,
  RESET_MAILS_PER_ACCOUNT,
  TOKEN_CODE_MAX_ATTEMPTS,
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
import { recordAudit } from '../audit/record';
import { auditedUser, changeUserPassword, createInvitation, createPasswordResetRequest, findUserByEmail } from '../user/service';
import { invitationMail, mfaMail, resetMail } from './mails';

const noTokens = (userId: string | null): LoginResult => ({ user_id: userId, token: null, refresh_token: null });

/**
 * The id looked up in place of an unknown e-mail's account (user ids are random v4 UUIDs, never this),
 * so that a step costs the same database work whether or not the e-mail has an account: the answer
 * time must not tell.
 */
const NO_ACCOUNT_ID = '00000000-0000-0000-0000-000000000000';

async function startSession(ctx: AppContext, user: UserRow, factors: 'password' | 'password and mfa'): Promise<LoginResult> {
  const session = await ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const issued = await issueSession(inTx, user);
    await recordAudit(inTx, { action: 'sign_in.succeeded', ...auditedUser(user), actor: { id: user.id, label: user.email }, details: { factors } });
    return issued;
  });
  return { user_id: user.id, ...session };
}

/** A refused sign-in step, by the e-mail it named (an account or not): who tried is what the log is for. */
function recordRefusal(ctx: AppContext, action: 'sign_in.failed' | 'mfa.failed', email: string, user: UserRow | undefined, reason: string): Promise<void> {
  const resource = user ? auditedUser(user) : ({ resourceType: 'user', resourceId: null, resourceLabel: email } as const);
  return recordAudit(ctx, { action, ...resource, actor: { id: null, label: email }, details: { reason } });
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
    return mailedCodeOnly || user.isMfaEnabled ? startMfaChallenge(ctx, user) : startSession(ctx, user, 'password');
  }
  if (!user || !valid) await recordLoginFailure(ctx, input.email, 'password');
  await recordRefusal(ctx, 'sign_in.failed', input.email, user, !user ? 'unknown e-mail' : !valid ? 'wrong password' : `account ${user.status}`);
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
 * in another browser) the user's newest live challenge is used. Each challenge counts its wrong codes
 * on each path: with a pending token that picks it (only a right password got one) the fifth burns
 * it; without (the link, which anyone may try) the fifth closes the link alone, so a stranger cannot
 * end the owner's sign-in, and one code takes at most ten guesses from everyone together. The
 * throttle counts the link's wrong codes per address as well, so they cost the stranger's address.
 */
export async function signInWithMfa(
  ctx: AppContext,
  input: { email: string; token_code: string },
  pendingToken: string | null,
  address: string,
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
  return withCodeThrottle(ctx, input.email, byToken ? 'pending-code' : 'code', address, async () => {
    const refused = () => AppError.unauthorized(errorDetails.invalidMfaCode);
    const [challenge] = byToken
      ? [byToken]
      : await ctx.db.select().from(mfaChallenges).where(live).orderBy(desc(mfaChallenges.createdAt)).limit(1);
    if (!challenge || !user) throw refused();

    const guess = await countMfaGuess(ctx, challenge.id, byToken ? 'attempts' : 'linkAttempts');
    if (guess === 'closed' || !safeEqual(hmac(ctx.keys.codeHmac, input.token_code), challenge.codeHash)) {
      const burned = guess !== 'open';
      if (burned && byToken) await ctx.db.update(mfaChallenges).set({ consumedAt: now }).where(eq(mfaChallenges.id, challenge.id));
      await recordRefusal(ctx, 'mfa.failed', input.email, user, burned ? 'wrong code; the code is burned' : 'wrong code');
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
    return startSession(ctx, user, 'password and mfa');
  });
}

/**
 * Takes one guess of a challenge's path before the code is compared, in one statement, so concurrent
 * guesses never pass the limit: 'closed' when the path had none left, 'last' for its final one.
 */
async function countMfaGuess(ctx: AppContext, challengeId: string, path: 'attempts' | 'linkAttempts'): Promise<'open' | 'last' | 'closed'> {
  const column = mfaChallenges[path];
  const [taken] = await ctx.db
    .update(mfaChallenges)
    .set({ [path]: sql`${column} + 1` })
    .where(and(eq(mfaChallenges.id, challengeId), lt(column, MFA_MAX_ATTEMPTS)))
    .returning({ guesses: column });
  if (!taken) return 'closed';
  return taken.guesses >= MFA_MAX_ATTEMPTS ? 'last' : 'open';
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
 * Mails a reset code unless the account already got RESET_MAILS_PER_ACCOUNT codes within the window
 * (from forgot or from an administrator, invitations included), so forgot calls from many addresses
 * cannot flood a mailbox. An invited account that has not accepted yet gets a new invitation instead:
 * its code may have been burned by a stranger's guesses, and a reset would leave the account pending.
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
    const [invited] = await tx
      .select({ mailed: count() })
      .from(invitations)
      .where(and(eq(invitations.userId, userId), gt(invitations.createdAt, since)));
    if (!user || (recent?.mailed ?? 0) + (invited?.mailed ?? 0) >= RESET_MAILS_PER_ACCOUNT) return null;
    const inTx = { ...ctx, db: tx };
    if (user.status === 'pending') {
      const invitation = await createInvitation(inTx, user, { sendEmail: false });
      await recordAudit(inTx, { action: 'invitation.sent', ...auditedUser(user), actor: { id: null, label: user.email }, details: { mailed: true } });
      return { invitation: true, ...invitation };
    }
    const request = await createPasswordResetRequest(inTx, user, { sendEmail: true, confirmed: true, mailNow: false });
    await recordAudit(inTx, { action: 'password_reset.requested', ...auditedUser(user), actor: { id: null, label: user.email }, details: { mailed: true } });
    return request;
  });
  if (created && user) await ctx.mailer.send(('invitation' in created ? invitationMail : resetMail)(ctx.publicUrl, user.email, created.code));
}

type CodeTable = typeof passwordResetRequests | typeof invitations;

/**
 * Finds the user's newest live code of a kind, checks it and marks it used (once, even concurrently).
 * Every guess at a code counts, from anyone, taken in one statement before the code is compared: the
 * TOKEN_CODE_MAX_ATTEMPTS-th wrong one burns it ('burned'), and the owner asks for a new code.
 */
async function consumeCode(ctx: AppContext, table: CodeTable, user: UserRow | undefined, code: string): Promise<'used' | 'wrong' | 'burned'> {
  const now = ctx.now();
  const [request] = await ctx.db
    .select()
    .from(table)
    .where(and(eq(table.userId, user?.id ?? NO_ACCOUNT_ID), isNull(table.usedAt), gt(table.expiresAt, now)))
    .orderBy(desc(table.createdAt))
    .limit(1);
  if (!request) return 'wrong';
  const [guess] = await ctx.db
    .update(table)
    .set({ attempts: sql`${table.attempts} + 1` })
    .where(and(eq(table.id, request.id), isNull(table.usedAt), lt(table.attempts, TOKEN_CODE_MAX_ATTEMPTS)))
    .returning({ attempts: table.attempts });
  if (!guess) return 'burned';
  const stored = decryptCode(ctx.keys.codeEncryption, request.codeEncrypted);
  const right = stored !== null && safeEqual(stored, code);
  const last = guess.attempts >= TOKEN_CODE_MAX_ATTEMPTS;
  if (!right && !last) return 'wrong';
  const used = await ctx.db
    .update(table)
    .set({ usedAt: now })
    .where(and(eq(table.id, request.id), isNull(table.usedAt)))
    .returning({ id: table.id });
  if (!right) return 'burned';
  return used.length > 0 ? 'used' : 'wrong';
}

/** A code step's refusal: a wrong code, or one its guesses burned. */
const codeRefused = (outcome: 'wrong' | 'burned') =>
  AppError.unauthorized(outcome === 'burned' ? errorDetails.tokenCodeBurned : errorDetails.invalidTokenCode);

/** Reset with the e-mailed code: sets the password and ends every session of the user. */
export async function resetPassword(
  ctx: AppContext,
  input: { email: string; token_code: string; password: string },
  address: string,
): Promise<LoginResult> {
  return withCodeThrottle(ctx, input.email, 'code', address, async () => {
    const user = await findUserByEmail(ctx.db, input.email);
    const outcome = await consumeCode(ctx, passwordResetRequests, user, input.token_code);
    if (outcome !== 'used' || !user) throw codeRefused(outcome === 'used' ? 'wrong' : outcome);
    // A reset unlocks a locked account; a blocked one stays blocked (an administrator decided that).
    await changeUserPassword(ctx, user, input.password, 'password_reset.completed', user.status === 'locked' ? { status: 'active' } : {});
    return noTokens(user.id);
  });
}

/** Accepting an invitation sets the password and activates the account. */
export async function acceptInvitation(
  ctx: AppContext,
  input: { email: string; token_code: string; password: string },
  address: string,
): Promise<LoginResult> {
  return withCodeThrottle(ctx, input.email, 'code', address, async () => {
    const user = await findUserByEmail(ctx.db, input.email);
    const outcome = await consumeCode(ctx, invitations, user, input.token_code);
    if (outcome !== 'used' || !user) throw codeRefused(outcome === 'used' ? 'wrong' : outcome);
    if (user.status === 'blocked') throw AppError.forbidden(errorDetails.accountBlocked);
    await changeUserPassword(ctx, user, input.password, 'invitation.accepted', { status: 'active' });
    return noTokens(user.id);
  });
}

export function signOut(ctx: AppContext, input: { refresh_token: string }): Promise<void> {
  return endSession(ctx, input.refresh_token);
}

export function refreshSession(ctx: AppContext, input: { refresh_token: string }): Promise<RefreshResult> {
  return rotateRefreshToken(ctx, input.refresh_token);
}

