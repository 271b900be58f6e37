import { randomUUID } from 'node:crypto';
import type { ChatAnswer, TraceStep } from '@console/contracts';
import type { Db } from '../../apps/server/src/db/client';
import type { Console } from './assistant-api';
import { eventRecord, type NewEvent, type RenderedEvent } from '../../apps/server/src/modules/chat/event-records';
import { EventWriter } from '../../apps/server/src/modules/chat/event-writer';

/**
 * A project's traffic history written straight into its database, through the very statement the
 * server stores events with (EventWriter: the events and their rollups in one INSERT), so a million
 * events take a few minutes instead of a million questions. The traffic looks like a real one:
 * conversations of 1-6 turns over ~60 days with a daily and weekly rhythm and some growth, each turn a
 * request and a response (about 1 in 200 an error instead), ~15% out of scope, two deployments and
 * some Real-Time Tests, returning visitors, and every response carrying a real answer and trace of
 * the project's engine (asked through the Real-Time Test beforehand).
 */

/** A real answer of the project's engine to a question, reused as the answer of generated turns. */
export interface AnswerSample {
  utterance: string;
  /** The question as the engine read it (its rephrase stage's output), stored with the response. */
  rephrased: string;
  answer: Omit<ChatAnswer, 'conv_id'>;
  trace: TraceStep[];
}

/**
 * Asks the project's Real-Time Test (a few at a time) for samples: real answers and traces of its
 * engine (each question also leaves its two events, without a deployment).
 */
export async function askForSamples(team: Console, projectId: string, questions: string[]): Promise<AnswerSample[]> {
  const samples: AnswerSample[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < questions.length) {
        const utterance = questions[next++]!;
        const { conv_id: _conv, trace, ...answer } = await team.call<ChatAnswer & { trace: TraceStep[] }>('POST', `/project/${projectId}/chat/query`, { utterance });
        const rephrased = String(trace.find((step) => step.stage === 'rephrase')?.data.output ?? utterance);
        samples.push({ utterance, rephrased, answer, trace });
      }
    }),
  );
  return samples;
}

/** Where conversations come from: a deployment (widget traffic) or the console's Real-Time Test. */
export interface TrafficSource {
  deploymentId: string | null;
  snapshotId: string;
  /** Share of the conversations. */
  share: number;
  /** The console users of a Real-Time Test source ('user:<id>'); none for widget traffic. */
  consoleUsers?: string[];
}

export interface HistoryPlan {
  projectId: string;
  events: number;
  /** The history ends here and reaches this many days back. */
  end: Date;
  days: number;
  sources: TrafficSource[];
  samples: AnswerSample[];
  /** Share of the answers that are out of scope. */
  oosShare: number;
  /** Events per INSERT statement. */
  batchEvents: number;
  seed?: number;
}

/** What was written, to check the dashboard's counts against. */
export interface HistoryTally {
  events: number;
  requests: number;
  responses: number;
  errors: number;
  oos: number;
  conversations: number;
  conversationsWithError: number;
  conversationsWithOos: number;
  visitors: Set<string>;
  statements: number;
  /** A few conversations spread over the history, for reading one conversation. */
  sampleConversations: string[];
}

/** Turns per conversation, 1 to 6: most visitors ask one or two questions. */
const TURN_WEIGHTS = [0.34, 0.24, 0.16, 0.12, 0.08, 0.06];
const ERROR_RATE = 1 / 200;
const VOICE_RATE = 0.03;
/** A returning visitor starts this share of the conversations. */
const RETURNING_RATE = 0.35;

export function seeded(seed: number): () => number {
  // mulberry32: fast, deterministic, good enough for picking traffic.
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function weighted(next: () => number, weights: readonly number[]): number {
  let roll = next() * weights.reduce((sum, weight) => sum + weight, 0);
  for (let i = 0; i < weights.length; i++) {
    roll -= weights[i]!;
    if (roll < 0) return i;
  }
  return weights.length - 1;
}

/** Busier in office hours (UTC, a European audience), quieter at weekends, growing ~50% over the history. */
function trafficWeight(at: number, start: number, span: number): number {
  const date = new Date(at);
  const hour = date.getUTCHours();
  const daily = hour < 6 ? 0.15 : hour < 8 ? 0.5 : hour < 18 ? 1 : hour < 22 ? 0.6 : 0.3;
  const weekly = date.getUTCDay() === 0 || date.getUTCDay() === 6 ? 0.55 : 1;
  const growth = 1 + 0.5 * ((at - start) / span);
  return (daily * weekly * growth) / 1.5;
}

/** Conversation start times over the history, following the traffic's rhythm (rejection sampling), in order. */
function startTimes(count: number, end: Date, days: number, next: () => number): Float64Array {
  const span = days * 86_400_000;
  const start = end.getTime() - span;
  const times = new Float64Array(count);
  for (let i = 0; i < count; ) {
    const at = start + next() * span;
    if (next() < trafficWeight(at, start, span)) times[i++] = at;
  }
  return times.sort();
}

/** Turns of each conversation so that their events (two a turn) add up exactly to `events`. */
function conversationTurns(events: number, next: () => number): number[] {
  if (events % 2) throw new Error('every turn stores two events: ask for an even number');
  const turns: number[] = [];
  let left = events / 2;
  while (left > 0) {
    const count = Math.min(left, weighted(next, TURN_WEIGHTS) + 1);
    turns.push(count);
    left -= count;
  }
  return turns;
}

/** A visitor key as the server makes one (a keyed hash cut to 32 hex digits). */
function visitorKey(next: () => number): string {
  let key = '';
  for (let i = 0; i < 4; i++) key += Math.floor(next() * 2 ** 32).toString(16).padStart(8, '0');
  return key;
}

interface Turn {
  at: number;
  rows: RenderedEvent[];
}

/**
 * One conversation's turns: the visitor's questions a few seconds to a couple of minutes apart, each
 * answered in tens of milliseconds. A conversation that fell out of scope tends to stay there.
 */
function conversationEvents(
  plan: HistoryPlan,
  base: Omit<NewEvent, 'issuedAt' | 'dataType' | 'data' | 'utterance' | 'inputMethod'>,
  startAt: number,
  turns: number,
  pools: { oos: AnswerSample[]; answered: AnswerSample[] },
  tally: HistoryTally,
  next: () => number,
): Turn[] {
  const result: Turn[] = [];
  let at = startAt;
  let hadError = false;
  let hadOos = false;
  for (let turn = 1; turn <= turns; turn++) {
    const inputMethod = next() < VOICE_RATE ? 'voice' : 'text';
    const outOfScope = next() < plan.oosShare;
    const pool = outOfScope ? pools.oos : pools.answered;
    const sample = pool[Math.floor(next() * pool.length)]!;
    const request = { utterance: sample.utterance, conv_id: turn === 1 ? null : base.convId, input_method: inputMethod };
    const event = { ...base, utterance: sample.utterance, inputMethod } as const;
    const answeredAt = new Date(at + 15 + Math.floor(next() * 250));
    const rows = [eventRecord({ ...event, issuedAt: new Date(at), dataType: 'request', data: { turn, request } })];
    tally.requests++;
    if (next() < ERROR_RATE) {
      rows.push(eventRecord({ ...event, issuedAt: answeredAt, dataType: 'error', data: { turn, request, error: { status: 500, message: 'The answering worker stopped.' } } }));
      tally.errors++;
      hadError = true;
    } else {
      const { answer, trace } = sample;
      rows.push(
        eventRecord({
          ...event,
          issuedAt: answeredAt,
          dataType: 'response',
          responseType: answer.response_type,
          contentId: answer.content_id,
          reportingId: answer.reporting_id,
          data: { turn, response: { conv_id: base.convId, ...answer }, trace, rephrased: sample.rephrased },
        }),
      );
      tally.responses++;
      if (answer.response_type === 'oos') {
        tally.oos++;
        hadOos = true;
      }
    }
    result.push({ at, rows });
    at += 4_000 + Math.floor(next() * 110_000);
  }
  tally.conversations++;
  if (hadError) tally.conversationsWithError++;
  if (hadOos) tally.conversationsWithOos++;
  tally.events += turns * 2;
  return result;
}

/**
 * Writes the history: conversations in order of their start, a few thousand at a time, their turns
 * sorted by time so the table fills in the order live traffic would fill it (the physical order a
 * time-range scan sees), handed to the server's group-commit writer exactly as answered queries are,
 * at most `batchEvents` per statement. The next chunk is prepared while the previous one is written.
 */
export async function writeHistory(db: Db, plan: HistoryPlan, onProgress?: (written: number) => void): Promise<HistoryTally> {
  const next = seeded(plan.seed ?? 20_260_101);
  const pools = {
    oos: plan.samples.filter((sample) => sample.answer.response_type === 'oos'),
    answered: plan.samples.filter((sample) => sample.answer.response_type !== 'oos'),
  };
  if (!pools.oos.length || !pools.answered.length) throw new Error('the answer samples need both out-of-scope and answered questions');
  const turns = conversationTurns(plan.events, next);
  const starts = startTimes(turns.length, plan.end, plan.days, next);
  const tally: HistoryTally = {
    events: 0, requests: 0, responses: 0, errors: 0, oos: 0,
    conversations: 0, conversationsWithError: 0, conversationsWithOos: 0,
    visitors: new Set(), statements: 0, sampleConversations: [],
  };
  const sampleEvery = Math.max(1, Math.floor(turns.length / 20));
  const visitorsBySource = plan.sources.map(() => [] as string[]);
  const writer = new EventWriter(db, { maxEvents: plan.batchEvents });
  // About five statements' worth of conversations (~5 events each) per chunk.
  const conversationsPerChunk = plan.batchEvents;
  let pending: Promise<unknown> = Promise.resolve();
  for (let first = 0; first < turns.length; first += conversationsPerChunk) {
    const chunk: Turn[] = [];
    for (let i = first; i < Math.min(first + conversationsPerChunk, turns.length); i++) {
      const sourceIndex = weighted(next, plan.sources.map((source) => source.share));
      const source = plan.sources[sourceIndex]!;
      const known = visitorsBySource[sourceIndex]!;
      let visitorId: string;
      if (source.consoleUsers?.length) visitorId = source.consoleUsers[Math.floor(next() * source.consoleUsers.length)]!;
      else if (known.length && next() < RETURNING_RATE) visitorId = known[Math.floor(next() * known.length)]!;
      else known.push((visitorId = visitorKey(next)));
      tally.visitors.add(visitorId);
      const convId = randomUUID();
      if (i % sampleEvery === 0) tally.sampleConversations.push(convId);
      const base = {
        projectId: plan.projectId,
        deploymentId: source.deploymentId,
        snapshotId: source.snapshotId,
        convId,
        integrationType: source.deploymentId ? 'deployment' : 'realtime',
        visitorId,
      } as const;
      chunk.push(...conversationEvents(plan, base, starts[i]!, turns[i]!, pools, tally, next));
    }
    chunk.sort((a, b) => a.at - b.at);
    // The previous chunk committed before this one is queued: one statement in flight, as in the
    // server, and the writer cuts this chunk alone into statements of at most batchEvents.
    await pending;
    tally.statements += Math.ceil((chunk.length * 2) / plan.batchEvents);
    pending = Promise.all(chunk.map((turn) => writer.write(turn.rows)));
    onProgress?.(tally.events);
  }
  await pending;
  await writer.close();
  return tally;
}
