import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { REMEMBERED_TURNS, type ConversationState, type FlowState } from '@console/engine';
import type { Db } from '../../db/client';
import { conversationContexts, conversations, events } from '../../db/schema/index';
import { LruMap } from '../snapshot/lru';
import type { ContextChange } from './event-writer';
import { takeTurnLease } from './turn-lease';

/** Conversations whose engine state one process keeps in memory. */
const CONVERSATION_CACHE_SIZE = 10_000;
/**
 * How long a conversation's state as typed is kept apart after its last turn, when its events hold
 * it redacted: a visitor who comes back later goes on from what the events keep.
 */
export const CONTEXT_KEPT_MS = 24 * 60 * 60 * 1000;

export interface Conversation {
  convId: string;
  projectId: string;
  /** The engine's state after the last answered turn (null: a new conversation). */
  state: ConversationState | null;
  /** Answered turns so far. */
  turn: number;
  /**
   * Questions stored in the conversation when this state was read or made: another number in its
   * row means another process answered since, and this state is stale.
   */
  storedQuestions: number;
  /** Whether a state as typed is kept apart for it (conversation_contexts), to replace or remove. */
  hasContext: boolean;
}

/** A question's turn: the conversation it continues, and `end` to call once its events are stored or it failed. */
interface Turn {
  conversation: Conversation;
  end: () => Promise<void>;
}

const noLease = async (): Promise<void> => {};

/**
 * Where a conversation's engine state lives between queries: in memory (LRU by conv_id), and in its
 * stored response events (each keeps the question as the engine read it, the topic a follow-up
 * leaned on and the flow it left), which are read on a miss so any process can continue any
 * conversation. A remembered state is used only while the count of
 * questions in the conversation's row (one primary-key read) is the one it was made with, so a
 * conversation that went on in another process goes on from what is stored there. A conv_id this
 * project has not answered (unknown, or another project's) starts a new conversation with a new id:
 * state never crosses projects, and every conv_id is the server's.
 */
export class ConversationStore {
  private readonly recent = new LruMap<string, Conversation>(CONVERSATION_CACHE_SIZE);

  constructor(private readonly db: Db) {}

  /**
   * The turn of a question: a stored conversation's turns run one at a time across every process
   * (./turn-lease.ts: a concurrent question waits for the turn in hand, or is refused with 409), and
   * its state is read once the turn is this question's, so it is the state after the previous turn
   * however many questions were sent at once: a stale question never advances a flow twice. A new
   * conversation (no conv_id, or one this project has not answered) needs no lease: nobody else knows
   * its new id yet.
   */
  async beginTurn(projectId: string, convId: string | undefined): Promise<Turn> {
    if (!convId) return { conversation: await this.resume(projectId, convId), end: noLease };
    const lease = await takeTurnLease(this.db, convId);
    let conversation: Conversation;
    try {
      conversation = await this.resume(projectId, convId);
    } catch (error) {
      await lease.release();
      throw error;
    }
    if (conversation.convId === convId) return { conversation, end: lease.release };
    await lease.release();
    return { conversation, end: noLease };
  }

  /** The state a question continues (callers go through beginTurn, which holds the turn first). */
  private async resume(projectId: string, convId: string | undefined): Promise<Conversation> {
    const fresh: Conversation = { convId: randomUUID(), projectId, state: null, turn: 0, storedQuestions: 0, hasContext: false };
    if (!convId) return fresh;
    const [stored] = await this.db
      .select({ projectId: conversations.projectId, questions: conversations.requestCount })
      .from(conversations)
      .where(eq(conversations.convId, convId))
      .limit(1);
    if (!stored || stored.projectId !== projectId) return fresh;
    const cached = this.recent.get(convId);
    if (cached?.storedQuestions === stored.questions) return cached;
    const turn = sql<number | null>`(${events.data} ->> 'turn')::int`;
    const contextRead = this.db
      .select({ turn: conversationContexts.turn, state: conversationContexts.state, expiresAt: conversationContexts.expiresAt })
      .from(conversationContexts)
      .where(and(eq(conversationContexts.convId, convId), eq(conversationContexts.projectId, projectId)));
    const lastRead = this.db
      .select({
        turn,
        utterance: events.utterance,
        rephrased: sql<string | null>`${events.data} ->> 'rephrased'`,
        thread: sql<string | null>`${events.data} ->> 'thread'`,
        contentId: events.contentId,
        flow: sql<FlowState | null>`${events.data} -> 'flow'`,
      })
      .from(events)
      .where(and(eq(events.projectId, projectId), eq(events.convId, convId), eq(events.dataType, 'response')))
      // Turns are numbered, so turns stored within one clock tick still come in order.
      .orderBy(sql`${turn} desc nulls last`, desc(events.issuedAt))
      .limit(REMEMBERED_TURNS);
    const [last, [context]] = await Promise.all([lastRead, contextRead]);
    const hasContext = context !== undefined;
    // Stored, but never answered (its first turn failed): it goes on under its own id, from the start.
    if (!last.length) return { convId, projectId, state: null, turn: 0, storedQuestions: stored.questions, hasContext };
    const lastTurn = last[0]!.turn ?? 0;
    // The state as typed, while it follows the last stored turn: the events hold it redacted.
    if (context && context.turn === lastTurn && context.expiresAt.getTime() > Date.now()) {
      return { convId, projectId, state: context.state as unknown as ConversationState, turn: lastTurn, storedQuestions: stored.questions, hasContext };
    }
    const turns = last.reverse().map((row) => ({ utterance: row.utterance, rephrased: row.rephrased ?? row.utterance, thread: row.thread, content_id: row.contentId }));
    // The flow is the last turn's: a conversation in a sequence goes on where it stood, in any process.
    const flow = last.at(-1)!.flow ?? null;
    return { convId, projectId, state: { turns, flow }, turn: lastTurn, storedQuestions: stored.questions, hasContext };
  }

  /**
   * What a turn changes of the conversation's state kept apart, stored with its events (the event
   * writer's one statement): the state as typed when redaction changed what the events keep of it,
   * a removal once they hold it whole again after one was kept, else nothing. So another process
   * continues the conversation as this one would.
   */
  contextChange(conversation: Conversation, stateRedacted: boolean): ContextChange | null {
    const { convId, projectId, state, turn } = conversation;
    const expiresAt = new Date(Date.now() + CONTEXT_KEPT_MS);
    if (stateRedacted && state) return { convId, projectId, turn, state: JSON.stringify(state), expiresAt };
    return conversation.hasContext ? { convId, projectId, turn, state: null, expiresAt } : null;
  }

  /** The state after an answered (and stored) turn. */
  remember(conversation: Conversation): void {
    this.recent.set(conversation.convId, conversation);
  }
}
