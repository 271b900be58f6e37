import { timestamp } from 'drizzle-orm/pg-core';

/** created_at / updated_at, spread into every table so lists can sort by them alike. */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** A nullable moment (expiry, use, revocation). */
export const moment = () => timestamp({ withTimezone: true, mode: 'date' });
