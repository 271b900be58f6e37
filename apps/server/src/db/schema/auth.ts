import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { moment } from './timestamps';
import { users } from './user';

const userRef = () =>
  uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const createdAt = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * Refresh tokens: only their SHA-256 hash is stored. Every use rotates the token within its family
 * (one family per sign-in); presenting a rotated token again revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    familyId: uuid().notNull(),
    userId: userRef(),
    tokenHash: text().notNull().unique(),
    expiresAt: moment().notNull(),
    rotatedAt: moment(),
    revokedAt: moment(),
    createdAt: createdAt(),
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId), index('refresh_tokens_user_idx').on(table.userId)],
);

/** A pending second factor: the pending token and the e-mailed code are kept as keyed hashes only. */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userRef(),
    pendingTokenHash: text().notNull().unique(),
    codeHash: text().notNull(),
    /** Wrong codes sent with the pending token (only a right password got it): the owner's path. */
    attempts: integer().notNull().default(0),
    /** Wrong codes sent without it (the e-mailed link, anyone): they close that path alone. */
    linkAttempts: integer().notNull().default(0),
    expiresAt: moment().notNull(),
    consumedAt: moment(),
    createdAt: createdAt(),
  },
  (table) => [index('mfa_challenges_user_idx').on(table.userId)],
);

/** Reset codes are encrypted, not hashed: super users read them back in the admin panel. */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userRef(),
    codeEncrypted: text().notNull(),
    sendEmail: boolean().notNull().default(true),
    confirmed: boolean().notNull().default(false),
    /** Wrong guesses at this code, from anyone: the code is burned at TOKEN_CODE_MAX_ATTEMPTS. */
    attempts: integer().notNull().default(0),
    expiresAt: moment().notNull(),
    usedAt: moment(),
    createdAt: createdAt(),
  },
  (table) => [index('password_reset_requests_user_idx').on(table.userId)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userRef(),
    codeEncrypted: text().notNull(),
    /** Wrong guesses at this code, from anyone: the code is burned at TOKEN_CODE_MAX_ATTEMPTS. */
    attempts: integer().notNull().default(0),
    expiresAt: moment().notNull(),
    usedAt: moment(),
    createdAt: createdAt(),
  },
  (table) => [index('invitations_user_idx').on(table.userId)],
);

/**
 * Failed sign-in attempts per account (the lowercased e-mail as typed, known or not, so the throttle
 * itself does not reveal which accounts exist) and factor (`SignInFactor`): wrong passwords and wrong
 * e-mailed codes are counted apart, so a correct password never forgives wrong codes. Kept in the
 * database so every server process agrees. `address` is the client's: wrong codes anyone may send
 * close the code steps for the address that sent them, not for the account's owner.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid().primaryKey().defaultRandom(),
    account: text().notNull(),
    factor: text({ enum: ['password', 'code', 'pending-code'] }).notNull(),
    address: text(),
    createdAt: createdAt(),
  },
  (table) => [index('login_failures_account_idx').on(table.account, table.factor, table.createdAt)],
);
