import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  INVITE_CODE_TTL_MS,
  RESET_CODE_TTL_MS,
  TOKEN_CODE_LENGTH,
  errorDetails,
  ownPasswordBody,
  userList,
  type AuditAction,
  type createUserBody,
  type Invitation,
  type ListQuery,
  type ListResponse,
  type PasswordResetRequest,
  type updateUserPasswordBody,
  type updateUserPrivilegeBody,
  type User,
  type UserStatus,
} from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { invitations, passwordResetRequests, users, type UserRow } from '../../db/schema/index';
import { assertStepOpen, clearLoginFailures, recordLoginFailure } from '../../platform/login-throttle';
import { generateDigits, generatePassword, hashPassword, verifyPassword } from '../../platform/passwords';
import { AppError, isUniqueViolation, refusingDuplicates } from '../../platform/errors';
import { listPage } from '../../platform/listing';
import { decryptCode, encryptCode } from '../../platform/secrets';
import { endUserSessions } from '../../platform/tokens';
import { invitationMail, resetMail } from '../auth/mails';
import { recordAudit } from '../audit/record';

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return user;
}

export interface CreateUserInput {
  email: string;
  displayName: string;
  /** Unset: a random one nobody knows (invited users set theirs with the invitation code). */
  password?: string;
  status?: UserStatus;
  isSuperUser?: boolean;
  isMfaEnabled?: boolean;
}

export async function createUser(ctx: Pick<AppContext, 'db' | 'now'>, input: CreateUserInput): Promise<UserRow> {
  const now = ctx.now();
  const [user] = await ctx.db
    .insert(users)
    .values({
      email: normalizeEmail(input.email),
      displayName: input.displayName,
      passwordHash: await hashPassword(input.password ?? generatePassword(32)),
      status: input.status ?? 'active',
      isSuperUser: input.isSuperUser ?? false,
      isMfaEnabled: input.isMfaEnabled ?? false,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!user) throw new Error('insert returned no user');
  return user;
}

/**
 * Creates the first super user when the users table is empty. Returns the generated password
 * when none was configured, so start-up can print it once. Processes started together on one
 * database all find it empty: the e-mail's unique index lets one create the user, and the others
 * start without.
 */
export async function bootstrapSuperUser(
  ctx: Pick<AppContext, 'db' | 'now'>,
  admin: { email: string; password: string | undefined },
): Promise<{ created: boolean; generatedPassword: string | null }> {
  const [row] = await ctx.db.select({ total: count() }).from(users);
  if ((row?.total ?? 0) > 0) return { created: false, generatedPassword: null };
  const password = admin.password ?? generatePassword();
  try {
    await createUser(ctx, {
      email: admin.email,
      displayName: 'Administrator',
      password,
      status: 'active',
      isSuperUser: true,
      isMfaEnabled: false,
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { created: false, generatedPassword: null };
    throw error;
  }
  return { created: true, generatedPassword: admin.password ? null : password };
}

/** Blocking ends every session at once; the authentication hook also refuses a blocked user. */
export async function blockUser(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.update(users).set({ status: 'blocked', updatedAt: ctx.now() }).where(eq(users.id, userId));
  await endUserSessions(ctx, userId);
}

/**
 * A new password ends every session of the user, other devices may be why it was changed; on a change
 * of one's own password the caller's session (`keepFamilyId`) goes on.
 */
export async function changeUserPassword(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'email'>,
  password: string,
  /** The audit log's name for how the password came to change (a reset, an invitation, a super user). */
  action: Extract<AuditAction, 'password.changed' | 'password.set' | 'password_reset.completed' | 'invitation.accepted'>,
  options: { status?: UserStatus; keepFamilyId?: string } = {},
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: ctx.now(), ...(options.status ? { status: options.status } : {}) })
      .where(eq(users.id, user.id));
    await endUserSessions({ ...ctx, db: tx }, user.id, { keepFamilyId: options.keepFamilyId });
    // Signed out steps (a reset, an invitation) act as the account whose code they proved.
    await recordAudit({ ...ctx, db: tx }, { action, ...auditedUser(user), actor: { id: user.id, label: user.email } });
  });
}

/** How the audit log names a user: by the address they had then. */
export function auditedUser(user: Pick<UserRow, 'id' | 'email'>) {
  return { resourceType: 'user', resourceId: user.id, resourceLabel: user.email } as const;
}

/**
 * PUT /user/{id}/password on oneself: the current password is asked again (re-authentication), and a
 * wrong one counts as a wrong password at sign-in, so the form cannot be used to guess it past the
 * sign-in limit; past that limit the change waits like the code steps. The other sessions end.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  caller: { user: UserRow; familyId: string },
  body: z.output<typeof updateUserPasswordBody>,
): Promise<void> {
  const parsed = ownPasswordBody.safeParse(body);
  if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]!.message);
  const account = caller.user.email;
  await assertStepOpen(ctx, account, 'password');
  if (!(await verifyPassword(caller.user.passwordHash, parsed.data.current_password))) {
    await recordLoginFailure(ctx, account, 'password');
    await recordAudit(ctx, { action: 'password.change_refused', ...auditedUser(caller.user), details: { reason: 'wrong current password' } });
    throw AppError.badRequest(errorDetails.wrongCurrentPassword);
  }
  await clearLoginFailures(ctx, account, 'password');
  await changeUserPassword(ctx, caller.user, parsed.data.password, 'password.changed', { keepFamilyId: caller.familyId });
}

/** PUT /user/{id}/password by a super user on someone else: no current password, every session of theirs ends. */
export async function setUserPassword(ctx: AppContext, userId: string, password: string): Promise<void> {
  await changeUserPassword(ctx, await findUser(ctx.db, userId), password, 'password.set');
}

export async function createPasswordResetRequest(
  ctx: AppContext,
  user: UserRow,
  options: { sendEmail: boolean; confirmed: boolean; mailNow?: boolean },
): Promise<{ code: string }> {
  const code = generateDigits(TOKEN_CODE_LENGTH);
  const now = ctx.now();
  await ctx.db.insert(passwordResetRequests).values({
    userId: user.id,
    codeEncrypted: encryptCode(ctx.keys.codeEncryption, code),
    sendEmail: options.sendEmail,
    confirmed: options.confirmed,
    expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
    createdAt: now,
  });
  // Callers inside a transaction pass mailNow: false and mail after the commit.
  if (options.mailNow ?? options.sendEmail) await ctx.mailer.send(resetMail(ctx.publicUrl, user.email, code));
  return { code };
}

export async function createInvitation(
  ctx: AppContext,
  user: UserRow,
  options: { sendEmail: boolean } = { sendEmail: true },
): Promise<{ code: string }> {
  const code = generateDigits(TOKEN_CODE_LENGTH);
  const now = ctx.now();
  await ctx.db.insert(invitations).values({
    userId: user.id,
    codeEncrypted: encryptCode(ctx.keys.codeEncryption, code),
    expiresAt: new Date(now.getTime() + INVITE_CODE_TTL_MS),
    createdAt: now,
  });
  if (options.sendEmail) await ctx.mailer.send(invitationMail(ctx.publicUrl, user.email, code));
  return { code };
}

const userMessages = {
  duplicateEmail: 'A user with this email already exists.',
} as const;

/** A user as the API answers it: never the password hash or the token version. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    display_name: row.displayName,
    email: row.email,
    status: row.status,
    is_super_user: row.isSuperUser,
    is_mfa_enabled: row.isMfaEnabled,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function findUser(db: Db, id: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw AppError.notFound();
  return user;
}

export async function listUsers(ctx: AppContext, query: ListQuery): Promise<ListResponse<User>> {
  const page = await listPage(
    userList,
    query,
    {
      display_name: users.displayName,
      email: users.email,
      status: users.status,
      updated_at: users.updatedAt,
      created_at: users.createdAt,
    },
    {
      rows: ctx.db.select().from(users).$dynamic(),
      count: ctx.db.select({ total: count() }).from(users).$dynamic(),
      id: users.id,
    },
  );
  return { records: page.records.map(toUser), total: page.total };
}

/** Runs a write and turns the e-mail's unique index into a 409 (also under concurrent writers). */
function withUniqueEmail<T>(work: () => Promise<T>): Promise<T> {
  return refusingDuplicates(work, AppError.conflict(userMessages.duplicateEmail));
}

/**
 * POST /user: the user, and without a password an invitation, in one transaction; the invitation
 * mail goes out after the commit (a failed mail answers 503, and the code stays readable in the
 * invitation panel). A user given a password signs in with it: no invitation is made or sent.
 */
export async function createUserWithInvitation(ctx: AppContext, input: z.output<typeof createUserBody>): Promise<User> {
  if (await findUserByEmail(ctx.db, input.email)) throw AppError.conflict(userMessages.duplicateEmail);
  const { user, code } = await withUniqueEmail(() =>
    ctx.db.transaction(async (tx) => {
      const inTx = { ...ctx, db: tx };
      const created = await createUser(inTx, {
        email: input.email,
        displayName: input.display_name,
        ...(input.password ? { password: input.password } : {}),
        status: input.status,
        isMfaEnabled: input.is_mfa_enabled,
      });
      const { status, is_mfa_enabled } = toUser(created);
      await recordAudit(inTx, { action: 'user.created', ...auditedUser(created), details: { status, is_mfa_enabled, invited: !input.password } });
      if (input.password) return { user: created, code: null };
      const invitation = await createInvitation(inTx, created, { sendEmail: false });
      return { user: created, code: invitation.code };
    }),
  );
  if (code) await ctx.mailer.send(invitationMail(ctx.publicUrl, user.email, code));
  return toUser(user);
}

export async function updateUserProfile(ctx: AppContext, id: string, displayName: string): Promise<User> {
  await findUser(ctx.db, id);
  const [row] = await ctx.db.update(users).set({ displayName, updatedAt: ctx.now() }).where(eq(users.id, id)).returning();
  return toUser(row!);
}

/** PUT /user/{id}/privilege. Blocking ends every session of the user in the same transaction. */
export async function updateUserPrivilege(
  ctx: AppContext,
  id: string,
  input: z.output<typeof updateUserPrivilegeBody>,
): Promise<User> {
  const before = await findUser(ctx.db, id);
  const other = await findUserByEmail(ctx.db, input.email);
  if (other && other.id !== id) throw AppError.conflict(userMessages.duplicateEmail);
  const row = await withUniqueEmail(() =>
    ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({
          email: input.email,
          status: input.status,
          isSuperUser: input.is_super_user,
          isMfaEnabled: input.is_mfa_enabled,
          updatedAt: ctx.now(),
        })
        .where(eq(users.id, id))
        .returning();
      if (input.status === 'blocked' && before.status !== 'blocked') await endUserSessions({ ...ctx, db: tx }, id);
      for (const action of privilegeChanges(before, updated!)) await recordAudit({ ...ctx, db: tx }, { action, ...auditedUser(updated!) });
      return updated!;
    }),
  );
  // endUserSessions bumped the token version after the row was read back; the answer does not show it.
  return toUser(row);
}

/** What a privilege update changed that the audit log records: blocking, super-user rights and MFA. */
function privilegeChanges(before: UserRow, after: UserRow): AuditAction[] {
  const changes: AuditAction[] = [];
  if (before.status !== 'blocked' && after.status === 'blocked') changes.push('user.blocked');
  if (before.status === 'blocked' && after.status !== 'blocked') changes.push('user.unblocked');
  if (!before.isSuperUser && after.isSuperUser) changes.push('user.super_user_granted');
  if (before.isSuperUser && !after.isSuperUser) changes.push('user.super_user_revoked');
  if (!before.isMfaEnabled && after.isMfaEnabled) changes.push('user.mfa_enabled');
  if (before.isMfaEnabled && !after.isMfaEnabled) changes.push('user.mfa_disabled');
  return changes;
}

/** Unused and unexpired: the codes /login/reset and /login/invite would accept (the newest wins). */
function live(table: typeof passwordResetRequests | typeof invitations, userId: string, now: Date) {
  return and(eq(table.userId, userId), isNull(table.usedAt), gt(table.expiresAt, now));
}

export async function readResetRequest(ctx: AppContext, userId: string): Promise<PasswordResetRequest | null> {
  await findUser(ctx.db, userId);
  const [row] = await ctx.db
    .select()
    .from(passwordResetRequests)
    .where(live(passwordResetRequests, userId, ctx.now()))
    .orderBy(desc(passwordResetRequests.createdAt))
    .limit(1);
  const code = row ? decryptCode(ctx.keys.codeEncryption, row.codeEncrypted) : null;
  if (!row || !code) return null;
  return {
    code,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    send_email: row.sendEmail,
    confirmed: row.confirmed,
  };
}

export async function readInvitation(ctx: AppContext, userId: string): Promise<Invitation | null> {
  await findUser(ctx.db, userId);
  const [row] = await ctx.db
    .select()
    .from(invitations)
    .where(live(invitations, userId, ctx.now()))
    .orderBy(desc(invitations.createdAt))
    .limit(1);
  const code = row ? decryptCode(ctx.keys.codeEncryption, row.codeEncrypted) : null;
  if (!row || !code) return null;
  return { code, created_at: row.createdAt.toISOString(), expires_at: row.expiresAt.toISOString() };
}

/**
 * PUT /user/{id}/reset (the admin panel): a new reset code replaces every live one, so exactly one
 * code works; it is mailed when `send_email` is set.
 */
export async function issueResetRequest(
  ctx: AppContext,
  userId: string,
  options: { sendEmail: boolean; confirmed: boolean },
): Promise<PasswordResetRequest | null> {
  const user = await findUser(ctx.db, userId);
  const { code } = await ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    await tx
      .update(passwordResetRequests)
      .set({ usedAt: ctx.now() })
      .where(and(eq(passwordResetRequests.userId, userId), isNull(passwordResetRequests.usedAt)));
    const created = await createPasswordResetRequest(inTx, user, { ...options, mailNow: false });
    await recordAudit(inTx, { action: 'password_reset.requested', ...auditedUser(user), details: { mailed: options.sendEmail } });
    return created;
  });
  if (options.sendEmail) await ctx.mailer.send(resetMail(ctx.publicUrl, user.email, code));
  return readResetRequest(ctx, userId);
}

/** DELETE /user/{id}/reset: no reset code of the user works any more. */
export async function deleteResetRequests(ctx: AppContext, userId: string): Promise<void> {
  await findUser(ctx.db, userId);
  await ctx.db
    .delete(passwordResetRequests)
    .where(and(eq(passwordResetRequests.userId, userId), isNull(passwordResetRequests.usedAt)));
}

/** Memberships, sessions, codes go with the user (foreign-key cascades); API keys and support messages stay. */
export async function deleteUser(ctx: AppContext, userId: string): Promise<void> {
  const user = await findUser(ctx.db, userId);
  await ctx.db.transaction(async (tx) => {
    const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    if (deleted.length) await recordAudit({ ...ctx, db: tx }, { action: 'user.deleted', ...auditedUser(user) });
  });
}
