import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { BUSINESS_LOGIC_CALLS_PER_TURN, BUSINESS_LOGIC_TIMEOUT_MS, errorDetails } from '@console/contracts';
import type { Db } from '../../db/client';
import { conversationTurnLocks } from '../../db/schema/index';
import { AppError } from '../../platform/errors';

/**
 * How long a turn's lease lasts: its business-logic calls, each to its timeout, and a margin for the
 * rest of the turn (the engine, a model call, storing its events). A turn ends well before; the
 * expiry is only for a process that stopped mid-turn, whose conversation is free again after it.
 */
const TURN_LEASE_MS = BUSINESS_LOGIC_CALLS_PER_TURN * BUSINESS_LOGIC_TIMEOUT_MS + 40_000;
/** How long a question waits for the turn in hand of its conversation before it is refused with 409. */
const TURN_WAIT_MS = 10_000;
const FIRST_PAUSE_MS = 20;
const LONGEST_PAUSE_MS = 250;

/** A conversation's turn, held until `release`. */
interface TurnLease {
  release: () => Promise<void>;
}

/**
 * Takes the turn of a conversation, across every server process: a row in `conversation_turn_locks`
 * inserted, or taken over once expired, in one statement (PostgreSQL decides between concurrent
 * inserts of one key, in PGlite and in a server alike; expiry is on the database's clock, which every
 * process shares). While another holds it, the question waits, polling with a growing pause, up to
 * `waitMs`, then is refused (409).
 */
export async function takeTurnLease(db: Db, convId: string, waitMs = TURN_WAIT_MS): Promise<TurnLease> {
  const holder = randomUUID();
  const deadline = performance.now() + waitMs;
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(2 * pause, LONGEST_PAUSE_MS)) {
    if (await tryTake(db, convId, holder)) return { release: () => release(db, convId, holder) };
    const left = deadline - performance.now();
    if (left <= 0) throw AppError.conflict(errorDetails.conversationBusy);
    // Jittered, so questions that waited together do not all ask again at once.
    await sleep(Math.min(left, pause * (0.5 + Math.random() / 2)));
  }
}

async function tryTake(db: Db, convId: string, holder: string): Promise<boolean> {
  const expiresAt = sql`now() + ${sql.raw(`interval '${TURN_LEASE_MS} milliseconds'`)}`;
  const taken = await db
    .insert(conversationTurnLocks)
    .values({ convId, holder, expiresAt })
    .onConflictDoUpdate({ target: conversationTurnLocks.convId, set: { holder, expiresAt }, setWhere: sql`${conversationTurnLocks.expiresAt} < now()` })
    .returning({ holder: conversationTurnLocks.holder });
  return taken.length > 0;
}

/**
 * Deletes the lease if this turn still holds it (one that expired and was taken over is the new
 * holder's). A failure here is not the question's: the answer is stored already, and the lease expires.
 */
async function release(db: Db, convId: string, holder: string): Promise<void> {
  try {
    await db.delete(conversationTurnLocks).where(and(eq(conversationTurnLocks.convId, convId), eq(conversationTurnLocks.holder, holder)));
  } catch {
    // Expires after TURN_LEASE_MS.
  }
}
