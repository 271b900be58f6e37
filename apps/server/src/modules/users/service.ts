import { count, eq, sql } from 'drizzle-orm';
import { INVITE_CODE_TTL_MS, RESET_CODE_TTL_MS, TOKEN_CODE_LENGTH, type UserStatus } from '@console/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { invitations, passwordResetRequests, users, type UserRow } from '../../db/schema/index';
import { generateDigits, generatePassword, hashPassword } from '../../platform/passwords';
import { encryptCode } from '../../platform/secrets';
import { endUserSessions } from '../../platform/tokens';
import { invitationMail, resetMail } from '../login/mails';

export function normalizeEmail(email: string): string {
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
 * when none was configured, so start-up can print it once.
 */
export async function bootstrapSuperUser(
  ctx: Pick<AppContext, 'db' | 'now'>,
  admin: { email: string; password: string | undefined },
): Promise<{ created: boolean; generatedPassword: string | null }> {
  const [row] = await ctx.db.select({ total: count() }).from(users);
  if ((row?.total ?? 0) > 0) return { created: false, generatedPassword: null };
  const password = admin.password ?? generatePassword();
  await createUser(ctx, {
    email: admin.email,
    displayName: 'Administrator',
    password,
    status: 'active',
    isSuperUser: true,
    isMfaEnabled: false,
  });
  return { created: true, generatedPassword: admin.password ? null : password };
}

/** Blocking ends every session at once; the authentication hook also refuses a blocked user. */
export async function blockUser(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.update(users).set({ status: 'blocked', updatedAt: ctx.now() }).where(eq(users.id, userId));
  await endUserSessions(ctx, userId);
}

/** A new password ends every session, including the caller's: other devices may be the reason for the change. */
export async function changeUserPassword(
  ctx: AppContext,
  userId: string,
  password: string,
  changes: { status?: UserStatus } = {},
): Promise<void> {
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: ctx.now(), ...changes })
    .where(eq(users.id, userId));
  await endUserSessions(ctx, userId);
}

export async function createPasswordResetRequest(
  ctx: AppContext,
  user: UserRow,
  options: { sendEmail: boolean; confirmed: boolean },
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
  if (options.sendEmail) await ctx.mailer.send(resetMail(ctx.publicUrl, user.email, code));
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
