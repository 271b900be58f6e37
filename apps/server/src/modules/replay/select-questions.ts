import { and, asc, desc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { REMEMBERED_TURNS } from '@console/engine';
import type { Db } from '../../db/client';
import { eventCounts, events } from '../../db/schema/index';

/** A question to replay: as visitors wrote it most often, how often it was asked, and the earlier questions it is asked after. */
export interface ReplayQuestion {
  question: string;
  context: string[];
  asked: number;
}

interface Window {
  projectId: string;
  deploymentId: string;
  from: Date;
  /** The end of the window (excluded). */
  to: Date;
  limit: number;
}

/**
 * Answered questions one statement groups, about. On the embedded database a statement holds the
 * server's only thread, so a busy week is read a slice at a time, and live questions are answered in
 * between; on PostgreSQL a few large statements cost about what one does.
 */
const SLICE_QUESTIONS = 10_000;
/** Conversations whose earlier questions one statement reads. */
const CONVERSATIONS_PER_READ = 500;
const HOUR_MS = 3_600_000;

/**
 * Whether an answered question was read with its conversation: it leaned on the previous question
 * (the stored turn keeps the topic it leaned on, `thread`), or a flow read it as the answer to what
 * the flow awaited (the classify step says `decided_by: 'flow'`). Both are searched in the stored
 * JSON text rather than parsed out of it: `data` is json, and parsing every response of a week cost
 * several times the search. JSON.stringify writes keys and values without spaces and escapes a quote
 * inside a string, so these texts match the keys themselves, never a visitor's words.
 */
const readWithConversation = sql<boolean>`(strpos(${events.data}::text, '"thread":') > 0 or strpos(${events.data}::text, '"decided_by":"flow"') > 0)`;
const turnOf = sql<number>`(${events.data} ->> 'turn')::int`;
/** A time as PostgreSQL writes it (to the microsecond), to find its rows again exactly. */
const exactTime = sql<string>`${events.issuedAt}::text`;

/** What the slices add up per question (case aside). */
interface Tally {
  asked: number;
  followUps: number;
  /** How often each spelling was asked. */
  spellings: Map<string, number>;
  /** When it was last asked as a follow-up, exactly, and which spelling. */
  lastFollowUp: { at: string; utterance: string } | null;
}

/**
 * The distinct questions visitors asked a deployment in a window, most asked first (then
 * alphabetically, so a replay resumed after a restart selects the same list), at most `limit`.
 * Distinct ignores case; the text replayed is its most frequent spelling. Only answered questions
 * count (a response event; a question whose turn failed left none). A question is replayed as it
 * was asked most often: alone, unless more of its askings were read with the conversation than
 * without, in which case it is asked after the earlier questions (at most the turns the engine
 * remembers) of the latest conversation that asked it so. The window is read through the events'
 * (project, time) index in slices, each grouped by question in the database; the few conversations
 * that give context are read through the (project, conversation) index.
 */
export async function selectQuestions(db: Db, window: Window): Promise<ReplayQuestion[]> {
  const tallies = new Map<string, Tally>();
  const bounds = await sliceBounds(db, window);
  for (let i = 1; i < bounds.length; i++) {
    const slice = and(eq(events.projectId, window.projectId), gte(events.issuedAt, bounds[i - 1]!), lt(events.issuedAt, bounds[i]!), ofDeployment(window))!;
    for (const row of await askedIn(db, slice)) addTo(tallies, row);
  }

  const chosen = [...tallies.entries()]
    .sort(([a, x], [b, y]) => y.asked - x.asked || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, window.limit);
  const leaning = chosen.flatMap(([, tally]) => (tally.lastFollowUp && tally.followUps * 2 > tally.asked ? [tally.lastFollowUp] : []));
  const contexts = await contextsOf(db, window, leaning);
  return chosen.map(([, tally]) => ({
    question: mostFrequent(tally.spellings),
    asked: tally.asked,
    context: (tally.followUps * 2 > tally.asked && tally.lastFollowUp && contexts.get(asking(tally.lastFollowUp))) || [],
  }));
}

/** The deployment's own answered questions (not the Real-Time Test's, nor another deployment's). */
function ofDeployment(window: Window): SQL {
  return and(eq(events.dataType, 'response'), eq(events.deploymentId, window.deploymentId), eq(events.integrationType, 'deployment'))!;
}

/**
 * Where the window is cut into slices of about SLICE_QUESTIONS answered questions each, planned from
 * the hourly counts the events' statement keeps (event_counts), so planning reads no event. No
 * answered question in the window: no slice.
 */
async function sliceBounds(db: Db, window: Window): Promise<Date[]> {
  const hours = await db
    .select({ hour: eventCounts.hour, count: sql<number>`sum(${eventCounts.count})::int` })
    .from(eventCounts)
    .where(
      and(
        eq(eventCounts.projectId, window.projectId),
        eq(eventCounts.deploymentId, window.deploymentId),
        eq(eventCounts.dataType, 'response'),
        eq(eventCounts.integrationType, 'deployment'),
        gt(eventCounts.hour, new Date(window.from.getTime() - HOUR_MS)),
        lt(eventCounts.hour, window.to),
      ),
    )
    .groupBy(eventCounts.hour)
    .orderBy(asc(eventCounts.hour));
  if (!hours.length) return [];
  const bounds = [window.from];
  let gathered = 0;
  for (const { hour, count } of hours) {
    gathered += count;
    const next = new Date(hour.getTime() + HOUR_MS);
    if (gathered >= SLICE_QUESTIONS && next < window.to) {
      bounds.push(next);
      gathered = 0;
    }
  }
  bounds.push(window.to);
  return bounds;
}

/** The answered questions of a slice, by spelling: how often, how often read with the conversation, and when last so. */
async function askedIn(db: Db, where: SQL) {
  // The search is named once (the times of the askings read with the conversation, latest first), so
  // each event's stored JSON is searched once; the outer query only counts and picks from the list.
  const perSpelling = db
    .select({
      utterance: events.utterance,
      asked: sql<number>`count(*)`.as('asked'),
      followUps: sql<unknown>`array_agg(${events.issuedAt} order by ${events.issuedAt} desc) filter (where ${readWithConversation})`.as('follow_ups'),
    })
    .from(events)
    .where(where)
    .groupBy(events.utterance)
    .as('per_spelling');
  return db
    .select({
      utterance: perSpelling.utterance,
      asked: sql<number>`${perSpelling.asked}::int`,
      followUps: sql<number>`coalesce(cardinality(${perSpelling.followUps}), 0)`,
      lastFollowUp: sql<string | null>`(${perSpelling.followUps})[1]::text`,
    })
    .from(perSpelling);
}

function addTo(tallies: Map<string, Tally>, row: Awaited<ReturnType<typeof askedIn>>[number]): void {
  const key = row.utterance.toLowerCase();
  let tally = tallies.get(key);
  if (!tally) tallies.set(key, (tally = { asked: 0, followUps: 0, spellings: new Map(), lastFollowUp: null }));
  tally.asked += row.asked;
  tally.followUps += row.followUps;
  tally.spellings.set(row.utterance, (tally.spellings.get(row.utterance) ?? 0) + row.asked);
  if (row.lastFollowUp && (!tally.lastFollowUp || Date.parse(row.lastFollowUp) > Date.parse(tally.lastFollowUp.at))) {
    tally.lastFollowUp = { at: row.lastFollowUp, utterance: row.utterance };
  }
}

/** The spelling asked most often (the first in sort order among equals, so every run picks the same). */
function mostFrequent(spellings: Map<string, number>): string {
  let best = '';
  let most = 0;
  for (const [spelling, count] of spellings) if (count > most || (count === most && spelling < best)) [best, most] = [spelling, count];
  return best;
}

const asking = (followUp: { at: string; utterance: string }) => `${followUp.at}\n${followUp.utterance}`;

/**
 * The earlier questions of each asking's conversation, in order, the last REMEMBERED_TURNS of them
 * (the engine remembers no more); by asking. An asking is found again by its exact time through the
 * (project, time) index, then its conversation's answered questions through the (project,
 * conversation) index.
 */
async function contextsOf(db: Db, window: Window, askings: { at: string; utterance: string }[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for (let start = 0; start < askings.length; start += CONVERSATIONS_PER_READ) {
    const part = askings.slice(start, start + CONVERSATIONS_PER_READ);
    const times = `{${part.map((followUp) => `"${followUp.at}"`).join(',')}}`;
    const rows = await db
      .select({ at: exactTime, utterance: events.utterance, convId: events.convId, turn: turnOf })
      .from(events)
      .where(and(eq(events.projectId, window.projectId), sql`${events.issuedAt} = any(${times}::timestamptz[])`, ofDeployment(window), readWithConversation))
      .orderBy(desc(events.id));
    const turns = new Map<string, { convId: string; turn: number }>();
    for (const row of rows) if (!turns.has(asking(row))) turns.set(asking(row), row);
    const conversations = [...new Set([...turns.values()].map((turn) => turn.convId))];
    const earlier = conversations.length
      ? await db
          .select({ convId: events.convId, utterance: events.utterance, turn: turnOf })
          .from(events)
          .where(and(eq(events.projectId, window.projectId), inArray(events.convId, conversations), eq(events.dataType, 'response')))
          .orderBy(asc(turnOf), asc(events.issuedAt))
      : [];
    const byConversation = new Map<string, typeof earlier>();
    for (const row of earlier) byConversation.set(row.convId, [...(byConversation.get(row.convId) ?? []), row]);
    for (const [key, { convId, turn }] of turns) {
      const before = (byConversation.get(convId) ?? []).filter((row) => row.turn < turn).map((row) => row.utterance);
      found.set(key, before.slice(-REMEMBERED_TURNS));
    }
  }
  return found;
}

