import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import {
  CHART_MAX_DAYS,
  EXPORT_TOTAL_HEADER,
  conversationStoreMessages,
  errorDetails,
  eventRecordSchema,
  exportFileName,
  exportRecordSchema,
  type ChatAnswer,
  type ConversationRecord,
  type ConversationSummary,
  type CreatedApiKey,
  type EventRecord,
  type ExportRecord,
  type FeedbackRating,
  type InputMethod,
  type IntegrationType,
  type ListResponse,
  type Summary,
  type SummaryCharts,
} from '@console/contracts';
import type { Database } from '../src/db/client';
import { apiKeys, deployments, events, feedback, projects } from '../src/db/schema/index';
import { EXPORT_BATCH } from '../src/modules/analytics/query-export';
import { apiKeyMessages, generateApiKey } from '../src/modules/api-key/service';
import { eventRecord, type NewEvent } from '../src/modules/chat/event-records';
import { sha256 } from '../src/platform/secrets';
import { call, createClock, createProjectTeam, createSignedInUser, createTestApp, createWorkspaceTree, expectError, openTestDatabase } from './helper';
import { allowOrigins, ask, deploy, insertItems, productItems, sync } from './assistant-fixtures';

/**
 * The analytics a team reads after deploying (dashboard, conversations, query log and its export)
 * and the conversation-store API a workspace API key reads a deployment through, all through HTTP,
 * against a known set of events written by the real storage path (which also keeps the rollups).
 */

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;
type Team = Awaited<ReturnType<typeof createProjectTeam>>;

let database: Database;
let app: FastifyInstance;

/* ------------------------------------------------------------------ the known event set */

interface TurnSpec {
  at: string;
  utterance: string;
  input?: InputMethod;
  /** The answer: content (with its item and subject), out of scope, a flow's step, or an engine failure. */
  outcome: { responseType: 'content'; contentId: string; subject: string } | { responseType: 'oos' | 'scenario' } | 'error';
  /** When the answer is stored; default 400 ms after the question. */
  answeredAt?: string;
  /** The answer's confidence; default 0.9 for content, 0.2 out of scope, 1 for a flow. */
  confidence?: number;
}

interface ConversationSpec {
  projectId: string;
  deploymentId: string | null;
  integrationType: IntegrationType;
  visitorId: string;
}

/** Why the fixtures' out-of-scope questions were refused, as the classify stage says it. */
const REFUSAL = "The closest item, 'Store opening hours', is 0.21 alike; 0.45 is needed";
/** The flow the fixtures' scenario answer comes from. */
const FLOW = { sequence: { id: 's1', name: 'Watch finder' }, node: { id: 'n1', name: 'Budget' }, step: 'ask', steps: ['start', 'ask'] };
const defaultConfidence = { content: 0.9, oos: 0.2, scenario: 1 } as const;

/** An answer's stored trace, as far as the lists read it: the item the rerank chose, the refusal, the flow. */
function traceOf(outcome: Exclude<TurnSpec['outcome'], 'error'>, utterance: string) {
  const rephrase = { stage: 'rephrase', data: { input: utterance, output: utterance, jargon: [], context: null } };
  if (outcome.responseType === 'content') {
    const chosen = { content_id: outcome.contentId, subject: outcome.subject };
    return [
      rephrase,
      { stage: 'classify', data: { decision: 'content', label: { kind: 'content', id: 'l1', subject: outcome.subject }, refusal: null } },
      { stage: 'rerank', data: { chosen, confidence: 0.9, candidates: [] } },
    ];
  }
  if (outcome.responseType === 'oos') return [rephrase, { stage: 'classify', data: { decision: 'oos', label: null, refusal: REFUSAL } }, { stage: 'rerank', data: { skipped: 'oos' } }];
  return [rephrase, { stage: 'classify', data: { decision: 'scenario', decided_by: 'flow', flow: FLOW } }, { stage: 'rerank', data: { skipped: 'flow' } }];
}

/**
 * One conversation's events as the chat path stores them: per turn a request, then a response or an
 * error. `continues` carries on a conversation from its next turn.
 */
function conversation(spec: ConversationSpec, turns: TurnSpec[], continues?: { convId: string; turns: number }): { convId: string; events: NewEvent[] } {
  const convId = continues?.convId ?? randomUUID();
  const common = { ...spec, convId };
  const stored = turns.flatMap((turn, position): NewEvent[] => {
    const index = position + (continues?.turns ?? 0);
    const inputMethod = turn.input ?? 'text';
    const request = { utterance: turn.utterance, conv_id: index ? convId : null, input_method: inputMethod };
    const asked = new Date(turn.at);
    const answered = new Date(turn.answeredAt ?? asked.getTime() + 400);
    const base = { ...common, utterance: turn.utterance, inputMethod };
    const question: NewEvent = { ...base, issuedAt: asked, dataType: 'request', data: { turn: index + 1, request } };
    if (turn.outcome === 'error') {
      return [question, { ...base, issuedAt: answered, dataType: 'error', data: { turn: index + 1, request, error: { status: 500, message: 'engine failed' } } }];
    }
    const contentId = 'contentId' in turn.outcome ? turn.outcome.contentId : null;
    const confidence = turn.confidence ?? defaultConfidence[turn.outcome.responseType];
    const response = { conv_id: convId, response_type: turn.outcome.responseType, content_id: contentId, confidence };
    return [
      question,
      {
        ...base,
        issuedAt: answered,
        dataType: 'response',
        responseType: turn.outcome.responseType,
        contentId,
        data: { turn: index + 1, response, rephrased: turn.utterance, trace: traceOf(turn.outcome, turn.utterance) },
      },
    ];
  });
  return { convId, events: stored };
}

/** A visitor's comment that looks like HTML: it stays text everywhere. */
const COMMENT = '<b>Too short</b> & "wrong"';

/** When the fixtures' feedback was last changed. */
const RATED_AT = new Date('2026-03-13T08:00:00.000Z');

/** The stored answers of a conversation, oldest first: their ids are what feedback names. */
async function answersOf(convId: string) {
  return app.ctx.db
    .select({ id: events.id, issuedAt: events.issuedAt, projectId: events.projectId, deploymentId: events.deploymentId })
    .from(events)
    .where(and(eq(events.convId, convId), eq(events.dataType, 'response')))
    .orderBy(asc(events.issuedAt));
}

/**
 * A visitor's feedback on a conversation's answer (its position among the answers), stored as the
 * feedback route stores it: one row per answer, dated by the answer.
 */
async function rate(convId: string, answer: number, rating: FeedbackRating, comment = '') {
  const stored = (await answersOf(convId))[answer]!;
  const values = { projectId: stored.projectId, deploymentId: stored.deploymentId, convId, answeredAt: stored.issuedAt, rating, comment, visitorId: 'v' };
  await app.ctx.db.insert(feedback).values({ answerId: stored.id, ...values, updatedAt: RATED_AT });
  return stored;
}

/** Through the real writer: the same statement stores the events and keeps `conversations` and `event_counts`. */
async function store(stored: NewEvent[]): Promise<void> {
  await app.ctx.assistant.events.write(stored.map(eventRecord));
}

/**
 * Project P of a team: deployments Production (D1) and Staging (D2), and the Real-Time Test, over
 * three days of March 2026 (New York is on daylight time, UTC-4; Tokyo is UTC+9):
 *
 *   c1  D1  v1  03-10 09:15 open?            -> content A (liked);  09:20 phone battery (voice) -> content B, 0.55 (disliked, a comment)
 *   c2  D1  v1  03-10 10:05 Do you sell cars? -> oos (disliked); 10:30 DO YOU SELL CARS?      -> oos
 *   c3  D1  v2  03-10 23:30 laptop            -> error
 *   c4  D2  v3  03-11 03:00 do you sell cars? (voice) -> oos; 03:10 opening hours (voice) -> content A, 0.72 (liked)  [integration]
 *   c7  D1  v2  03-11 16:00 crypto            -> oos;  second write: 16:01 store?       -> content (deleted item)
 *   c5  --  u   03-12 12:00 open? (unknown)   -> content A (disliked)  [realtime]
 *   c6  D2  v3  03-12 14:45 watches           -> scenario, stored at the very same instant  [integration]
 *
 * Content answers have confidence 0.9 unless said, out-of-scope ones 0.2, the flow's 1. Project Q
 * (another workspace) has events and feedback in the same hours, which must never show in P's.
 */
async function knownSet(team: Team, foreignAdmin: SignedIn) {
  const { project, deployment: production } = team.tree;
  const [staging] = await app.ctx.db.insert(deployments).values({ projectId: project.id, displayName: 'Staging', key: randomUUID() }).returning();
  const [hours, battery] = await insertItems(app, project.id, [
    { subject: 'Store opening hours', utterances: ['when are you open'] },
    { subject: 'Phone battery', utterances: ['phone battery life'] },
  ]);
  const A = hours!.id;
  const B = battery!.id;
  const deleted = randomUUID();
  const d1 = { projectId: project.id, deploymentId: production.id, integrationType: 'deployment' as const };
  const d2 = { projectId: project.id, deploymentId: staging!.id, integrationType: 'integration' as const };
  const realtime = { projectId: project.id, deploymentId: null, integrationType: 'realtime' as const };

  const c1 = conversation({ ...d1, visitorId: 'v1' }, [
    { at: '2026-03-10T09:15:00.000Z', utterance: 'When are you open?', outcome: { responseType: 'content', contentId: A, subject: 'Store opening hours' } },
    {
      at: '2026-03-10T09:20:00.000Z',
      utterance: 'How long does the phone battery last?',
      input: 'voice',
      outcome: { responseType: 'content', contentId: B, subject: 'Phone battery' },
      confidence: 0.55,
    },
  ]);
  const c2 = conversation({ ...d1, visitorId: 'v1' }, [
    { at: '2026-03-10T10:05:00.000Z', utterance: 'Do you sell cars?', outcome: { responseType: 'oos' } },
    { at: '2026-03-10T10:30:00.000Z', utterance: 'DO YOU SELL CARS?', outcome: { responseType: 'oos' } },
  ]);
  const c3 = conversation({ ...d1, visitorId: 'v2' }, [{ at: '2026-03-10T23:30:00.000Z', utterance: 'Is the laptop guaranteed?', outcome: 'error' }]);
  const c4 = conversation({ ...d2, visitorId: 'v3' }, [
    { at: '2026-03-11T03:00:00.000Z', utterance: 'do you sell cars?', input: 'voice', outcome: { responseType: 'oos' } },
    { at: '2026-03-11T03:10:00.000Z', utterance: 'Opening hours please', input: 'voice', outcome: { responseType: 'content', contentId: A, subject: 'Store opening hours' }, confidence: 0.72 },
  ]);
  const c7first = conversation({ ...d1, visitorId: 'v2' }, [{ at: '2026-03-11T16:00:00.000Z', utterance: 'Can I pay with crypto?', outcome: { responseType: 'oos' } }]);
  // Its second question, answered with an item deleted since: stored by a later write.
  const c7second = conversation(
    { ...d1, visitorId: 'v2' },
    [{ at: '2026-03-11T16:01:00.000Z', utterance: 'Where is the store?', outcome: { responseType: 'content', contentId: deleted, subject: 'Store address' } }],
    { convId: c7first.convId, turns: 1 },
  );
  const c7 = { convId: c7first.convId, events: [...c7first.events, ...c7second.events] };
  const c5 = conversation({ ...realtime, visitorId: `user:${team.viewer.user.id}` }, [
    { at: '2026-03-12T12:00:00.000Z', utterance: 'When are you open?', input: 'unknown', outcome: { responseType: 'content', contentId: A, subject: 'Store opening hours' } },
  ]);
  const c6 = conversation({ ...d2, visitorId: 'v3' }, [
    { at: '2026-03-12T14:45:00.000Z', utterance: 'Show me watches', outcome: { responseType: 'scenario' }, answeredAt: '2026-03-12T14:45:00.000Z' },
  ]);

  // Another workspace's project, with events in the same hours.
  const elsewhere = await createWorkspaceTree(app, [{ user: foreignAdmin.user, role: 'admin' }], 'Elsewhere');
  const q1 = conversation({ projectId: elsewhere.project.id, deploymentId: elsewhere.deployment.id, integrationType: 'deployment', visitorId: 'v1' }, [
    { at: '2026-03-10T09:30:00.000Z', utterance: 'Do you sell cars?', outcome: { responseType: 'oos' } },
    { at: '2026-03-11T03:05:00.000Z', utterance: 'Is the laptop guaranteed?', outcome: 'error' },
  ]);
  const q2 = conversation({ projectId: elsewhere.project.id, deploymentId: null, integrationType: 'realtime', visitorId: 'w' }, [
    { at: '2026-03-12T12:30:00.000Z', utterance: 'When are you open?', outcome: { responseType: 'oos' } },
  ]);

  // One write of most of it (c1's two turns in the same batch), then c7's second question alone.
  await store([...c1.events, ...c2.events, ...c3.events, ...c4.events, ...c7first.events, ...c5.events, ...c6.events, ...q1.events, ...q2.events]);
  await store(c7second.events);
  // Each rated answer's fixture key and rating.
  const ratings = new Map<string, FeedbackRating>();
  for (const [convId, answer, rating, comment] of [
    [c1.convId, 0, 'up', ''],
    [c1.convId, 1, 'down', COMMENT],
    [c2.convId, 0, 'down', 'Not what I asked'],
    [c4.convId, 1, 'up', ''],
    [c5.convId, 0, 'down', 'just testing'],
  ] as const) {
    const rated = await rate(convId, answer, rating, comment);
    ratings.set(`${convId} ${rated.issuedAt.toISOString()} response`, rating);
  }
  await rate(q1.convId, 0, 'down', 'elsewhere');

  return {
    project,
    production,
    staging: staging!,
    items: { A, B, deleted },
    conv: { c1, c2, c3, c4, c5, c6, c7 },
    ratings,
    events: [...c1.events, ...c2.events, ...c3.events, ...c4.events, ...c7.events, ...c5.events, ...c6.events],
    elsewhere: { ...elsewhere, conv: { q1, q2 } },
  };
}

let team: Team;
let foreignAdmin: SignedIn;
let known: Awaited<ReturnType<typeof knownSet>>;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database);
  [team, foreignAdmin] = await Promise.all([createProjectTeam(app), createSignedInUser(app)]);
  known = await knownSet(team, foreignAdmin);
});

/* ------------------------------------------------------------------ helpers */

function query(params: Record<string, string | number> = {}): string {
  const search = new URLSearchParams(Object.entries(params).map(([name, value]): [string, string] => [name, String(value)])).toString();
  return search ? `?${search}` : '';
}

/** A read the viewer of the team makes (every reader of the project reads its analytics). */
async function read<T>(path: string, params: Record<string, string | number> = {}, token = team.viewer.token): Promise<T> {
  const response = await call(app, 'GET', `/api/v1/project/${known.project.id}${path}${query(params)}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

function refused(path: string, params: Record<string, string | number> = {}, projectId = known.project.id, token = team.viewer.token) {
  return call(app, 'GET', `/api/v1/project/${projectId}${path}${query(params)}`, token);
}

/** An event of the fixtures as the lists name it: its conversation, time and kind. */
const keyOf = (event: { conv_id: string; issued_at: string; data_type: string }) => `${event.conv_id} ${new Date(event.issued_at).toISOString()} ${event.data_type}`;
const fixtureKey = (event: NewEvent) => `${event.convId} ${(event.issuedAt as Date).toISOString()} ${event.dataType}`;
/** The fixtures' keys matching a condition, sorted: compared with a list's keys as a set (its order is checked apart). */
const expectedKeys = (match: (event: NewEvent) => boolean) => known.events.filter(match).map(fixtureKey).sort();

/** Fixtures issued within [from, to], both included (the lists' gte and lte). */
const within = (from: string | null, to: string | null) => (event: NewEvent) => {
  const at = (event.issuedAt as Date).getTime();
  return (from === null || at >= Date.parse(from)) && (to === null || at <= Date.parse(to));
};
/** A question's outcome (its answer or error): the query log's rows. */
const isOutcome = (event: NewEvent) => event.dataType !== 'request';
/** Not the Real-Time Test's: what the dashboard and the lists show unless asked. */
const isVisitors = (event: NewEvent) => event.deploymentId !== null;
/** A question of the log as the lists show it by default. */
const isQuestion = (event: NewEvent) => isOutcome(event) && isVisitors(event);
const confidenceOf = (event: NewEvent) => ((event.data as { response?: { confidence?: number } }).response?.confidence ?? null);
const ratingOf = (event: NewEvent) => known.ratings.get(fixtureKey(event)) ?? 'none';
const INCLUDE_REALTIME = { include_realtime__eq: 'true' };

/** Newest first, and the id decides between events of the same instant. */
function expectNewestFirst(records: EventRecord[]): void {
  for (let index = 1; index < records.length; index += 1) {
    const [before, after] = [records[index - 1]!, records[index]!];
    const order = Date.parse(before.issued_at) - Date.parse(after.issued_at) || (before.id > after.id ? 1 : -1);
    expect(order, `${before.issued_at} ${before.id} before ${after.issued_at} ${after.id}`).toBeGreaterThan(0);
  }
}

const zeros: Summary = {
  user_count: 0,
  event_count: 0,
  error_count: 0,
  request_count: 0,
  response_count: 0,
  oos_count: 0,
  handoff_count: 0,
  conversation_count: 0,
  conv_error_count: 0,
  conv_oos_count: 0,
  liked_count: 0,
  disliked_count: 0,
};

/* ------------------------------------------------------------------ dashboard */

describe('GET /project/{id}/summary', () => {
  it("counts the visitors' events, conversations, users and rated answers, and nothing of the Real-Time Test or another project", async () => {
    expect(await read<Summary>('/summary')).toEqual({
      user_count: 3,
      event_count: 20,
      error_count: 1,
      request_count: 10,
      response_count: 9,
      oos_count: 4,
      handoff_count: 0,
      conversation_count: 6,
      conv_error_count: 1,
      conv_oos_count: 3,
      liked_count: 2,
      disliked_count: 2,
    });
    // The same numbers as the fixtures counted by hand.
    expect(known.events.filter(isVisitors)).toHaveLength(20);
    expect(known.events.filter((event) => event.responseType === 'oos')).toHaveLength(4);
  });

  it('counts the Real-Time Test too when asked, and only then', async () => {
    const everything = {
      user_count: 4,
      event_count: 22,
      error_count: 1,
      request_count: 11,
      response_count: 10,
      oos_count: 4,
      handoff_count: 0,
      conversation_count: 7,
      conv_error_count: 1,
      conv_oos_count: 3,
      liked_count: 2,
      disliked_count: 3,
    };
    expect(await read<Summary>('/summary', INCLUDE_REALTIME)).toEqual(everything);
    expect(await read<Summary>('/summary', { include_realtime__neq: 'false' })).toEqual(everything);
    expect(await read<Summary>('/summary', { include_realtime__eq: 'false' })).toEqual(await read<Summary>('/summary'));
    // A chosen deployment is that deployment's, whatever the switch.
    expect(await read<Summary>('/summary', { ...INCLUDE_REALTIME, deployment_key__eq: known.staging.key })).toEqual(
      await read<Summary>('/summary', { deployment_key__eq: known.staging.key }),
    );
  });

  it('counts exactly over a range whose ends fall inside hours (whole hours from the rollup, the edges from the events)', async () => {
    const from = '2026-03-10T09:17:00.000Z';
    const to = '2026-03-11T03:00:00.000Z';
    const counted = known.events.filter(within(from, to));
    const summary = await read<Summary>('/summary', { issued_at__gte: from, issued_at__lte: to });
    expect(summary).toEqual({
      // Conversations are dated by their first question: c2, c3 and c4 (its first question at the very end).
      user_count: 3,
      event_count: counted.length,
      error_count: counted.filter((event) => event.dataType === 'error').length,
      request_count: counted.filter((event) => event.dataType === 'request').length,
      response_count: counted.filter((event) => event.dataType === 'response').length,
      oos_count: counted.filter((event) => event.responseType === 'oos').length,
      handoff_count: 0,
      conversation_count: 3,
      conv_error_count: 1,
      conv_oos_count: 2,
      // Rated answers by the answer's time: c1's second and c2's first (c4's liked answer came at 03:10).
      liked_count: 0,
      disliked_count: 2,
    });
    // c1's second turn, c2, c3 and c4's first question (the lte instant itself).
    expect(summary).toMatchObject({ event_count: 9, request_count: 5, response_count: 3, error_count: 1, oos_count: 2 });
  });

  it('counts exactly over a range inside a single hour, and over whole hours', async () => {
    expect(await read<Summary>('/summary', { issued_at__gte: '2026-03-10T10:10:00.000Z', issued_at__lte: '2026-03-10T10:40:00.000Z' })).toEqual({
      ...zeros,
      event_count: 2,
      request_count: 1,
      response_count: 1,
      oos_count: 1,
    });
    expect(await read<Summary>('/summary', { issued_at__gte: '2026-03-10T10:00:00.000Z', issued_at__lte: '2026-03-10T23:59:59.999Z' })).toEqual({
      user_count: 2,
      event_count: 6,
      error_count: 1,
      request_count: 3,
      response_count: 2,
      oos_count: 2,
      handoff_count: 0,
      conversation_count: 2,
      conv_error_count: 1,
      conv_oos_count: 1,
      liked_count: 0,
      disliked_count: 1,
    });
    // Only a start (c6's two events; the Real-Time Test's answer too when asked), only an end.
    expect((await read<Summary>('/summary', { issued_at__gte: '2026-03-12T12:00:00.200Z' })).event_count).toBe(2);
    expect((await read<Summary>('/summary', { issued_at__gte: '2026-03-12T12:00:00.200Z', ...INCLUDE_REALTIME })).event_count).toBe(3);
    expect((await read<Summary>('/summary', { issued_at__lte: '2026-03-10T09:15:00.399Z' })).event_count).toBe(1);
  });

  it("counts one deployment's events; an unknown key or another project's key counts nothing", async () => {
    expect(await read<Summary>('/summary', { deployment_key__eq: known.staging.key })).toEqual({
      user_count: 1,
      event_count: 6,
      error_count: 0,
      request_count: 3,
      response_count: 3,
      oos_count: 1,
      handoff_count: 0,
      conversation_count: 2,
      conv_error_count: 0,
      conv_oos_count: 1,
      liked_count: 1,
      disliked_count: 0,
    });
    expect(await read<Summary>('/summary', { deployment_key__eq: known.production.key })).toEqual({
      user_count: 2,
      event_count: 14,
      error_count: 1,
      request_count: 7,
      response_count: 6,
      oos_count: 3,
      handoff_count: 0,
      conversation_count: 4,
      conv_error_count: 1,
      conv_oos_count: 2,
      liked_count: 1,
      disliked_count: 2,
    });
    expect(await read<Summary>('/summary', { deployment_key__eq: 'no-such-key' })).toEqual(zeros);
    expect(await read<Summary>('/summary', { deployment_key__eq: known.elsewhere.deployment.key })).toEqual(zeros);
    // With a range too.
    expect(
      await read<Summary>('/summary', { deployment_key__eq: known.staging.key, issued_at__gte: '2026-03-11T03:05:00.000Z', issued_at__lte: '2026-03-12T00:00:00.000Z' }),
    ).toEqual({ ...zeros, event_count: 2, request_count: 1, response_count: 1, liked_count: 1 });
  });

  it('refuses filters the dashboard does not have, and bad values, with 400', async () => {
    expectError(await refused('/summary', { data_type__eq: 'error' }), 400, 'Filter must be one of issued_at, deployment_key, include_realtime');
    expectError(await refused('/summary', { issued_at__gte: 'notadate' }), 400, 'issued_at must be a valid date');
    expectError(await refused('/summary', { deployment_key__like: 'abc' }), 400, 'Comparator of deployment_key must be one of eq');
    expectError(await refused('/summary', { include_realtime__eq: 'yes' }), 400, 'include_realtime must be one of true, false');
  });

  it('answers 404 to a member of another workspace, and 400 to a malformed project id', async () => {
    expectError(await call(app, 'GET', `/api/v1/project/${known.project.id}/summary`, foreignAdmin.token), 404);
    expectError(await call(app, 'GET', '/api/v1/project/not-a-uuid/summary', team.viewer.token), 400, 'Id must be a valid UUID.');
  });
});

describe('GET /project/{id}/summary/charts', () => {
  const march = { issued_at__gte: '2026-03-10T00:00:00.000Z', issued_at__lte: '2026-03-12T23:59:59.999Z' };

  it('counts questions and out-of-scope answers per day of the time zone, days without questions included', async () => {
    const utc = await read<SummaryCharts>('/summary/charts', march);
    expect(utc.days).toEqual([
      { day: '2026-03-10', request_count: 5, oos_count: 2 },
      { day: '2026-03-11', request_count: 4, oos_count: 2 },
      { day: '2026-03-12', request_count: 1, oos_count: 0 },
    ]);
    // c3 (23:30 UTC) and c4 (03:00 UTC the next day) are still the 10th in New York, c7 (16:00 UTC) the 12th in Tokyo.
    expect((await read<SummaryCharts>('/summary/charts', { ...march, tz: 'America/New_York' })).days).toEqual([
      { day: '2026-03-09', request_count: 0, oos_count: 0 },
      { day: '2026-03-10', request_count: 7, oos_count: 3 },
      { day: '2026-03-11', request_count: 2, oos_count: 1 },
      { day: '2026-03-12', request_count: 1, oos_count: 0 },
    ]);
    expect((await read<SummaryCharts>('/summary/charts', { ...march, tz: 'Asia/Tokyo' })).days).toEqual([
      { day: '2026-03-10', request_count: 4, oos_count: 2 },
      { day: '2026-03-11', request_count: 3, oos_count: 1 },
      { day: '2026-03-12', request_count: 3, oos_count: 1 },
      { day: '2026-03-13', request_count: 0, oos_count: 0 },
    ]);
    // The Real-Time Test's question (c5, the 12th) when asked.
    expect((await read<SummaryCharts>('/summary/charts', { ...march, ...INCLUDE_REALTIME })).days.at(-1)).toEqual({ day: '2026-03-12', request_count: 2, oos_count: 0 });
  });

  it('ranks the content answered, with its subject, and the out-of-scope questions whatever their case', async () => {
    const charts = await read<SummaryCharts>('/summary/charts', march);
    expect(charts.top_content).toEqual([
      { content_id: known.items.A, subject: 'Store opening hours', count: 2 },
      { content_id: known.items.B, subject: 'Phone battery', count: 1 },
      // An item deleted since still counts; it has no subject any more.
      { content_id: known.items.deleted, subject: null, count: 1 },
    ]);
    expect(charts.top_oos.map((group) => ({ ...group, utterance: group.utterance.toLowerCase() }))).toEqual([
      { utterance: 'do you sell cars?', count: 3 },
      { utterance: 'can i pay with crypto?', count: 1 },
    ]);
    expect(['Do you sell cars?', 'DO YOU SELL CARS?', 'do you sell cars?']).toContain(charts.top_oos[0]!.utterance);
    // Every answer of the range (the error is no answer, the Real-Time Test's is left out).
    expect(charts.sampled).toBe(9);
    const withTests = await read<SummaryCharts>('/summary/charts', { ...march, ...INCLUDE_REALTIME });
    expect(withTests.top_content[0]).toEqual({ content_id: known.items.A, subject: 'Store opening hours', count: 3 });
    expect(withTests.sampled).toBe(10);
  });

  it("draws one deployment only, and nothing for another project's key", async () => {
    const staging = await read<SummaryCharts>('/summary/charts', { ...march, deployment_key__eq: known.staging.key });
    expect(staging).toEqual({
      days: [
        { day: '2026-03-10', request_count: 0, oos_count: 0 },
        { day: '2026-03-11', request_count: 2, oos_count: 1 },
        { day: '2026-03-12', request_count: 1, oos_count: 0 },
      ],
      top_content: [{ content_id: known.items.A, subject: 'Store opening hours', count: 1 }],
      top_oos: [{ utterance: 'do you sell cars?', count: 1 }],
      sampled: 3,
    });
    const foreign = await read<SummaryCharts>('/summary/charts', { ...march, deployment_key__eq: known.elsewhere.deployment.key });
    expect(foreign).toEqual({ days: staging.days.map((day) => ({ ...day, request_count: 0, oos_count: 0 })), top_content: [], top_oos: [], sampled: 0 });
  });

  it(`draws at most ${CHART_MAX_DAYS} days`, async () => {
    const year = await read<SummaryCharts>('/summary/charts', { issued_at__gte: '2025-01-01T00:00:00.000Z', issued_at__lte: '2026-01-01T23:59:59.999Z' });
    expect(year.days).toHaveLength(CHART_MAX_DAYS);
    expect([year.days[0]!.day, year.days.at(-1)!.day]).toEqual(['2025-01-01', '2026-01-01']);
    expectError(
      await refused('/summary/charts', { issued_at__gte: '2025-01-01T00:00:00.000Z', issued_at__lte: '2026-01-02T00:00:00.000Z' }),
      400,
      `The range must be at most ${CHART_MAX_DAYS} days`,
    );
    expectError(await refused('/summary/charts', { ...march, tz: 'Mars/Olympus' }), 400, 'Tz must be a valid time zone: Mars/Olympus');
  });
});

/* ------------------------------------------------------------------ conversations */

describe('GET /project/{id}/conv', () => {
  const ids = (page: ListResponse<ConversationRecord>) => page.records.map((record) => record.conv_id);

  it("lists the visitors' conversations newest first (by their first question), a page at a time", async () => {
    const { c1, c2, c3, c4, c6, c7 } = known.conv;
    const all = await read<ListResponse<ConversationRecord>>('/conv', { limit: 100 });
    expect(all.total).toBe(6);
    expect(ids(all)).toEqual([c6, c7, c4, c3, c2, c1].map((c) => c.convId));
    expect(ids(await read('/conv'))).toEqual(ids(all));
    const page = await read<ListResponse<ConversationRecord>>('/conv', { limit: 3, offset: 3 });
    expect(page).toMatchObject({ total: 6 });
    expect(ids(page)).toEqual([c3, c2, c1].map((c) => c.convId));
    expect(ids(await read('/conv', { sort_field: 'issued_at', sort_direction: 'ascending', limit: 2 }))).toEqual([c1.convId, c2.convId]);
  });

  it("lists the Real-Time Test's conversations too when asked", async () => {
    const { c1, c2, c3, c4, c5, c6, c7 } = known.conv;
    const all = await read<ListResponse<ConversationRecord>>('/conv', { limit: 100, ...INCLUDE_REALTIME });
    expect({ ids: ids(all), total: all.total }).toEqual({ ids: [c6, c5, c7, c4, c3, c2, c1].map((c) => c.convId), total: 7 });
  });

  it("keeps the first question's utterance, time and counts when a conversation's events arrive in two writes, and counts its rated answers", async () => {
    const all = await read<ListResponse<ConversationRecord>>('/conv', { limit: 100, ...INCLUDE_REALTIME });
    const c7 = all.records.find((record) => record.conv_id === known.conv.c7.convId);
    expect(c7).toEqual({
      conv_id: known.conv.c7.convId,
      issued_at: '2026-03-11T16:00:00.000Z',
      last_issued_at: '2026-03-11T16:01:00.400Z',
      first_utterance: 'Can I pay with crypto?',
      integration_type: 'deployment',
      deployment_id: known.production.id,
      event_count: 4,
      error_count: 0,
      oos_count: 1,
      liked_count: 0,
      disliked_count: 0,
    });
    const c5 = all.records.find((record) => record.conv_id === known.conv.c5.convId);
    expect(c5).toMatchObject({ first_utterance: 'When are you open?', integration_type: 'realtime', deployment_id: null, event_count: 2, disliked_count: 1 });
    expect(all.records.find((record) => record.conv_id === known.conv.c1.convId)).toMatchObject({ liked_count: 1, disliked_count: 1 });
  });

  it('filters by what the conversations hold, their rated answers, their date and their deployment', async () => {
    const { c1, c2, c3, c4, c5, c6, c7 } = known.conv;
    const cases: [Record<string, string>, { convId: string }[]][] = [
      [{ data_type__eq: 'error' }, [c3]],
      [{ data_type__neq: 'error' }, [c6, c7, c4, c2, c1]],
      [{ response_type__eq: 'oos' }, [c7, c4, c2]],
      [{ response_type__neq: 'oos' }, [c6, c3, c1]],
      [{ response_type__eq: 'scenario' }, [c6]],
      [{ feedback__eq: 'down' }, [c2, c1]],
      [{ feedback__eq: 'up' }, [c4, c1]],
      [{ feedback__eq: 'none' }, [c6, c7, c3]],
      [{ feedback__neq: 'none' }, [c4, c2, c1]],
      [{ feedback__neq: 'down' }, [c6, c7, c4, c3]],
      [{ feedback__eq: 'down', ...INCLUDE_REALTIME }, [c5, c2, c1]],
      [{ feedback__eq: 'down', response_type__eq: 'oos' }, [c2]],
      [{ data_type__eq: 'response', ...INCLUDE_REALTIME }, [c6, c5, c7, c4, c2, c1]],
      [{ include_realtime__eq: 'false' }, [c6, c7, c4, c3, c2, c1]],
      [{ issued_at__gte: '2026-03-10T10:00:00.000Z', issued_at__lte: '2026-03-11T03:00:00.000Z' }, [c4, c3, c2]],
      [{ deployment_key__eq: known.staging.key }, [c6, c4]],
      [{ deployment_key__eq: known.production.key, data_type__eq: 'response' }, [c7, c2, c1]],
      [{ deployment_key__eq: 'no-such-key' }, []],
      [{ deployment_key__eq: known.elsewhere.deployment.key }, []],
    ];
    for (const [filters, expected] of cases) {
      const page = await read<ListResponse<ConversationRecord>>('/conv', { ...filters, limit: 100 });
      expect({ filters, ids: ids(page), total: page.total }).toEqual({ filters, ids: expected.map((c) => c.convId), total: expected.length });
    }
  });

  it('refuses bad filter values with 400', async () => {
    expectError(await refused('/conv', { data_type__eq: 'bogus' }), 400, 'data_type must be one of request, response, error');
    expectError(
      await refused('/conv', { integration_type__eq: 'realtime' }),
      400,
      'Filter must be one of issued_at, data_type, response_type, deployment_key, include_realtime, feedback',
    );
    expectError(await refused('/conv', { feedback__eq: 'meh' }), 400, 'feedback must be one of up, down, none');
    expectError(await refused('/conv', { sort_field: 'first_utterance' }), 400, 'Sort Field must be one of issued_at');
    expectError(await refused('/conv', { limit: 0 }), 400, 'Limit must not be less than 1');
  });
});

describe('GET /project/{id}/conv/{convId} and its /summary', () => {
  it("answers a conversation's events oldest first, with the request, response and error taken from data", async () => {
    const { c1, c3 } = known.conv;
    const detail = await read<ListResponse<EventRecord>>(`/conv/${c1.convId}`);
    expect(detail.total).toBe(4);
    expect(detail.records.map((record) => [record.issued_at, record.data_type, record.response_type])).toEqual([
      ['2026-03-10T09:15:00.000Z', 'request', null],
      ['2026-03-10T09:15:00.400Z', 'response', 'content'],
      ['2026-03-10T09:20:00.000Z', 'request', null],
      ['2026-03-10T09:20:00.400Z', 'response', 'content'],
    ]);
    const [question, answer] = detail.records;
    expect(question).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      issued_at: '2026-03-10T09:15:00.000Z',
      data_type: 'request',
      conv_id: c1.convId,
      utterance: 'When are you open?',
      response_type: null,
      integration_type: 'deployment',
      input_method: 'text',
      deployment_id: known.production.id,
      content_id: null,
      reporting_id: null,
      data: { turn: 1, request: { utterance: 'When are you open?', conv_id: null, input_method: 'text' } },
      request: { utterance: 'When are you open?', conv_id: null, input_method: 'text' },
      response: null,
      error: null,
      subject: null,
      refusal: null,
      confidence: null,
      feedback: null,
    });
    expect(answer).toMatchObject({
      content_id: known.items.A,
      request: null,
      response: { conv_id: c1.convId, response_type: 'content', content_id: known.items.A, confidence: 0.9 },
      error: null,
      data: { turn: 1, trace: [{ stage: 'rephrase' }, { stage: 'classify' }, { stage: 'rerank' }] },
      subject: 'Store opening hours',
      refusal: null,
      confidence: 0.9,
      feedback: { answer_id: answer!.id, rating: 'up', comment: '', updated_at: RATED_AT.toISOString() },
    });
    // The comment stays the visitor's text, whatever it looks like.
    expect(detail.records[3]!.feedback).toEqual({ answer_id: detail.records[3]!.id, rating: 'down', comment: COMMENT, updated_at: RATED_AT.toISOString() });

    const failed = await read<ListResponse<EventRecord>>(`/conv/${c3.convId}`);
    expect(failed.records.map((record) => record.data_type)).toEqual(['request', 'error']);
    expect(failed.records[1]).toMatchObject({
      request: { utterance: 'Is the laptop guaranteed?', conv_id: null, input_method: 'text' },
      response: null,
      error: { status: 500, message: 'engine failed' },
      subject: null,
      refusal: null,
      confidence: null,
      feedback: null,
    });
    // A Real-Time Test conversation opens by its id, as the drawer's link opens it.
    expect((await read<ListResponse<EventRecord>>(`/conv/${known.conv.c5.convId}`)).records.map((record) => record.feedback?.rating ?? null)).toEqual([null, 'down']);

    const paged = await read<ListResponse<EventRecord>>(`/conv/${c1.convId}`, { limit: 2, offset: 2 });
    expect(paged.total).toBe(4);
    expect(paged.records.map((record) => record.issued_at)).toEqual(['2026-03-10T09:20:00.000Z', '2026-03-10T09:20:00.400Z']);
    const oos = await read<ListResponse<EventRecord>>(`/conv/${known.conv.c2.convId}`, { response_type__eq: 'oos' });
    expect(oos.records.map((record) => record.utterance)).toEqual(['Do you sell cars?', 'DO YOU SELL CARS?']);
  });

  it('puts each question before its answer when both were stamped in the same millisecond, and the log and export keep the order asked', async () => {
    const tree = await createWorkspaceTree(app, [{ user: team.viewer.user, role: 'viewer' }], 'Quick');
    const spec = { projectId: tree.project.id, deploymentId: tree.deployment.id, integrationType: 'deployment' as const, visitorId: 'v' };
    const turns = Array.from({ length: 10 }, (_, n): TurnSpec => {
      const at = new Date(Date.parse('2026-04-01T08:00:00.000Z') + n * 1000).toISOString();
      return { at, answeredAt: at, utterance: `question ${n}`, outcome: n % 3 ? { responseType: 'oos' } : 'error' };
    });
    const { convId, events: stored } = conversation(spec, turns);
    await store(stored);
    const path = `/api/v1/project/${tree.project.id}/conv/${convId}?limit=100`;
    const turnsOf = (records: Pick<EventRecord, 'utterance' | 'data_type'>[]) => records.map((record) => `${record.utterance} ${record.data_type}`);
    const expected = turns.flatMap((turn, n) => [`${turn.utterance} request`, `${turn.utterance} ${n % 3 ? 'response' : 'error'}`]);
    expect(turnsOf((await call(app, 'GET', path, team.viewer.token)).json<ListResponse<EventRecord>>().records)).toEqual(expected);
    const newestFirst = await call(app, 'GET', `${path}&sort_direction=descending`, team.viewer.token);
    expect(turnsOf(newestFirst.json<ListResponse<EventRecord>>().records)).toEqual([...expected].reverse());
    // The log and the export list each question once, by its outcome, in the order asked.
    const outcomes = expected.filter((turn) => !turn.endsWith(' request'));
    const log = await call(app, 'GET', `/api/v1/project/${tree.project.id}/query?limit=100&sort_direction=ascending`, team.viewer.token);
    expect(turnsOf(log.json<ListResponse<EventRecord>>().records)).toEqual(outcomes);
    expect(turnsOf((await exported(tree.project.id)).records)).toEqual(outcomes);
  });

  it("counts one conversation's events and names its deployment", async () => {
    const { c4, c5 } = known.conv;
    expect(await read<ConversationSummary>(`/conv/${c4.convId}/summary`)).toEqual({
      conv_id: c4.convId,
      issued_at: '2026-03-11T03:00:00.000Z',
      last_issued_at: '2026-03-11T03:10:00.400Z',
      integration_type: 'integration',
      deployment_id: known.staging.id,
      deployment_name: 'Staging',
      event_count: 4,
      request_count: 2,
      response_count: 2,
      error_count: 0,
      oos_count: 1,
      liked_count: 1,
      disliked_count: 0,
    });
    expect(await read<ConversationSummary>(`/conv/${c5.convId}/summary`)).toMatchObject({
      integration_type: 'realtime',
      deployment_id: null,
      deployment_name: null,
      event_count: 2,
      request_count: 1,
      response_count: 1,
      liked_count: 0,
      disliked_count: 1,
    });
  });

  it("answers 404 for another project's conversation and an unknown one, 400 for a malformed id", async () => {
    for (const path of ['', '/summary']) {
      expectError(await refused(`/conv/${known.elsewhere.conv.q1.convId}${path}`), 404);
      expectError(await refused(`/conv/${randomUUID()}${path}`), 404);
      expectError(await refused(`/conv/not-a-conversation${path}`), 400, 'Conv ID must be a valid UUID.');
      // The other project's admin does not read it through their own project either.
      expectError(await refused(`/conv/${known.conv.c1.convId}${path}`, {}, known.elsewhere.project.id, foreignAdmin.token), 404);
    }
    expectError(await refused(`/conv/${known.conv.c1.convId}`, { data_type__eq: 'bogus' }), 400, 'data_type must be one of request, response, error');
  });
});

/* ------------------------------------------------------------------ query log */

describe('GET /project/{id}/query', () => {
  it('lists every question once (its answer or error, never its request) newest first, the id deciding between events of the same instant', async () => {
    const all = await read<ListResponse<EventRecord>>('/query', { limit: 100 });
    expect(all.total).toBe(10);
    expect(all.records.map(keyOf).sort()).toEqual(expectedKeys(isQuestion));
    expect(all.records.every((record) => record.data_type !== 'request')).toBe(true);
    expectNewestFirst(all.records);
    // Pages never overlap.
    const pages = await Promise.all([0, 1, 2].map((offset) => read<ListResponse<EventRecord>>('/query', { limit: 1, offset })));
    expect(pages.map((page) => page.records[0]!.id)).toEqual(all.records.slice(0, 3).map((record) => record.id));
    expect(pages.every((page) => page.total === 10)).toBe(true);
    expect((await read<ListResponse<EventRecord>>('/query')).records).toEqual(all.records.slice(0, 10));
    // Every record has exactly the contract's fields.
    for (const record of all.records) expect(Object.keys(record).sort()).toEqual(Object.keys(eventRecordSchema.shape).sort());
  });

  it('shows with each question what answered, why it was refused, the confidence and the feedback', async () => {
    const all = await read<ListResponse<EventRecord>>('/query', { limit: 100 });
    const row = (utterance: string) => all.records.find((record) => record.utterance === utterance)!;
    const shown = (record: EventRecord) => ({
      data_type: record.data_type,
      response_type: record.response_type,
      subject: record.subject,
      refusal: record.refusal,
      confidence: record.confidence,
      rating: record.feedback?.rating ?? null,
      comment: record.feedback?.comment ?? null,
    });
    expect(shown(row('How long does the phone battery last?'))).toEqual({
      data_type: 'response',
      response_type: 'content',
      subject: 'Phone battery',
      refusal: null,
      confidence: 0.55,
      rating: 'down',
      comment: COMMENT,
    });
    expect(shown(row('Do you sell cars?'))).toEqual({
      data_type: 'response',
      response_type: 'oos',
      subject: null,
      refusal: REFUSAL,
      confidence: 0.2,
      rating: 'down',
      comment: 'Not what I asked',
    });
    expect(shown(row('Show me watches'))).toEqual({
      data_type: 'response',
      response_type: 'scenario',
      subject: 'Watch finder',
      refusal: null,
      confidence: 1,
      rating: null,
      comment: null,
    });
    // The item deleted since is still named as the answer named it.
    expect(row('Where is the store?')).toMatchObject({ subject: 'Store address', content_id: known.items.deleted });
    expect(row('Is the laptop guaranteed?')).toMatchObject({ data_type: 'error', error: { message: 'engine failed' }, subject: null, confidence: null, feedback: null });
  });

  it('sorts oldest first on request', async () => {
    const all = await read<ListResponse<EventRecord>>('/query', { limit: 100 });
    const ascending = await read<ListResponse<EventRecord>>('/query', { limit: 100, sort_field: 'issued_at', sort_direction: 'ascending' });
    expect(ascending.records.map((record) => record.id)).toEqual(all.records.map((record) => record.id).reverse());
    expect(ascending.records[0]).toMatchObject({ issued_at: '2026-03-10T09:15:00.400Z', utterance: 'When are you open?', data_type: 'response' });
  });

  it('filters by every field, the total counting what matches', async () => {
    const { production, staging } = known;
    type Match = (event: NewEvent) => boolean;
    const question = (match: Match): Match => (event) => isQuestion(event) && match(event);
    const anyQuestion: Match = (event) => isOutcome(event);
    const cases: [Record<string, string>, Match, number][] = [
      // 'request' is every question: each has one request and one outcome.
      [{ data_type__eq: 'request' }, isQuestion, 10],
      [{ data_type__neq: 'request' }, isQuestion, 10],
      [{ data_type__eq: 'response' }, question((event) => event.dataType === 'response'), 9],
      [{ data_type__neq: 'response' }, question((event) => event.dataType === 'error'), 1],
      [{ data_type__eq: 'error' }, question((event) => event.dataType === 'error'), 1],
      [{ response_type__eq: 'oos' }, question((event) => event.responseType === 'oos'), 4],
      // Errors have no response type: they are not out of scope either.
      [{ response_type__neq: 'oos' }, question((event) => event.responseType !== 'oos'), 6],
      [{ response_type__eq: 'scenario' }, question((event) => event.responseType === 'scenario'), 1],
      // The Real-Time Test's questions only when asked for.
      [{ integration_type__eq: 'realtime' }, () => false, 0],
      [{ integration_type__eq: 'realtime', ...INCLUDE_REALTIME }, (event) => isOutcome(event) && event.integrationType === 'realtime', 1],
      [INCLUDE_REALTIME, anyQuestion, 11],
      [{ integration_type__neq: 'deployment' }, question((event) => event.integrationType !== 'deployment'), 3],
      [{ input_method__eq: 'voice' }, question((event) => event.inputMethod === 'voice'), 3],
      [{ input_method__eq: 'unknown', ...INCLUDE_REALTIME }, (event) => isOutcome(event) && event.inputMethod === 'unknown', 1],
      [{ input_method__neq: 'text' }, question((event) => event.inputMethod !== 'text'), 3],
      [{ deployment_key__eq: staging.key }, question((event) => event.deploymentId === staging.id), 3],
      [{ deployment_key__eq: production.key, ...INCLUDE_REALTIME }, question((event) => event.deploymentId === production.id), 7],
      [{ issued_at__gte: '2026-03-10T09:17:00.000Z', issued_at__lte: '2026-03-11T03:00:00.000Z' }, question(within('2026-03-10T09:17:00.000Z', '2026-03-11T03:00:00.000Z')), 4],
      [{ issued_at__gte: '2026-03-12T12:00:00.400Z' }, question(within('2026-03-12T12:00:00.400Z', null)), 1],
      [{ issued_at__lte: '2026-03-10T09:15:00.400Z' }, question(within(null, '2026-03-10T09:15:00.400Z')), 1],
      [
        { data_type__eq: 'request', deployment_key__eq: production.key, issued_at__gte: '2026-03-10T10:00:00.000Z' },
        question((event) => event.deploymentId === production.id && within('2026-03-10T10:00:00.000Z', null)(event)),
        5,
      ],
      // An answer's confidence (an error has none).
      [{ confidence__gte: '0.7' }, question((event) => (confidenceOf(event) ?? -1) >= 0.7), 4],
      [{ confidence__lte: '0.6' }, question((event) => confidenceOf(event) !== null && confidenceOf(event)! <= 0.6), 5],
      [{ confidence__gte: '0.5', confidence__lte: '0.8' }, question((event) => [0.55, 0.72].includes(confidenceOf(event) ?? -1)), 2],
      // The visitor's feedback.
      [{ feedback__eq: 'up' }, question((event) => ratingOf(event) === 'up'), 2],
      [{ feedback__eq: 'down' }, question((event) => ratingOf(event) === 'down'), 2],
      [{ feedback__eq: 'down', ...INCLUDE_REALTIME }, (event) => isOutcome(event) && ratingOf(event) === 'down', 3],
      [{ feedback__eq: 'none' }, question((event) => ratingOf(event) === 'none'), 6],
      [{ feedback__neq: 'none' }, question((event) => ratingOf(event) !== 'none'), 4],
      [{ feedback__neq: 'up' }, question((event) => ratingOf(event) !== 'up'), 8],
      [{ feedback__eq: 'down', response_type__eq: 'oos' }, question((event) => ratingOf(event) === 'down' && event.responseType === 'oos'), 1],
      [{ feedback__eq: 'up', confidence__gte: '0.8' }, question((event) => ratingOf(event) === 'up' && confidenceOf(event)! >= 0.8), 1],
      [{ feedback__eq: 'up', deployment_key__eq: staging.key }, question((event) => ratingOf(event) === 'up' && event.deploymentId === staging.id), 1],
      [{ deployment_key__eq: 'no-such-key' }, () => false, 0],
      [{ deployment_key__eq: known.elsewhere.deployment.key }, () => false, 0],
    ];
    for (const [filters, match, count] of cases) {
      const page = await read<ListResponse<EventRecord>>('/query', { ...filters, limit: 100 });
      expect({ filters, keys: page.records.map(keyOf).sort(), total: page.total }).toEqual({ filters, keys: expectedKeys(match), total: count });
      expectNewestFirst(page.records);
    }
    // The total counts every match, not the page, with and without a filter the hourly counts keep.
    const page = await read<ListResponse<EventRecord>>('/query', { response_type__neq: 'oos', limit: 5, offset: 5 });
    expect({ records: page.records.length, total: page.total }).toEqual({ records: 1, total: 6 });
    const rated = await read<ListResponse<EventRecord>>('/query', { feedback__neq: 'none', limit: 3, offset: 3 });
    expect({ records: rated.records.length, total: rated.total }).toEqual({ records: 1, total: 4 });
  });

  it('refuses bad filter values, fields and sorts with 400 and the reason', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ data_type__eq: 'bogus' }, 'data_type must be one of request, response, error'],
      [{ response_type__neq: 'maybe' }, 'response_type must be one of oos, content, scenario, handoff'],
      [{ integration_type__eq: 'widget' }, 'integration_type must be one of realtime, integration, deployment'],
      [{ input_method__eq: 'telepathy' }, 'input_method must be one of voice, text, unknown'],
      [{ feedback__eq: 'meh' }, 'feedback must be one of up, down, none'],
      [{ include_realtime__eq: 'yes' }, 'include_realtime must be one of true, false'],
      [{ confidence__gte: '1.5' }, 'confidence must not be greater than 1'],
      [{ confidence__lte: '-0.1' }, 'confidence must not be less than 0'],
      [{ confidence__gte: 'high' }, 'confidence must be a number'],
      [{ confidence__eq: '0.5' }, 'Comparator of confidence must be one of gte, lte'],
      [{ sort_field: 'utterance' }, 'Sort Field must be one of issued_at'],
      [{ sort_direction: 'sideways' }, 'Sort Direction must be one of ascending, descending'],
      [{ response_type__like: 'x' }, 'Comparator of response_type must be one of eq, neq'],
      [{ deployment_key__like: 'abc' }, 'Comparator of deployment_key must be one of eq'],
      [{ deployment_key__eq: ' ' }, 'deployment_key must be a key'],
      [{ issued_at__gte: 'notadate' }, 'issued_at must be a valid date'],
      [{ issued_at__eq: '2026-03-10T09:15:00.000Z' }, 'Comparator of issued_at must be one of gte, lte'],
      [
        { utterance__like: 'cars' },
        'Filter must be one of issued_at, data_type, response_type, deployment_key, include_realtime, feedback, integration_type, input_method, confidence',
      ],
      [{ tz: 'Mars/Olympus' }, 'Tz must be a valid time zone: Mars/Olympus'],
      [{ limit: '101' }, 'Limit must not be greater than 100'],
    ];
    for (const [params, detail] of cases) {
      expectError(await refused('/query', params), 400, detail);
      expectError(await refused('/query/export', params), 400, detail);
    }
  });

  it('documents its filters in /api/docs, the confidence with its range', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { get: { parameters: { name: string; schema: Record<string, unknown> }[] } }>;
    }>();
    const parameters = document.paths['/api/v1/project/{id}/query']!.get.parameters;
    const named = (name: string) => parameters.find((parameter) => parameter.name === name)?.schema;
    expect(named('confidence__gte')).toMatchObject({ type: 'number', minimum: 0, maximum: 1 });
    expect(named('feedback__eq')).toMatchObject({ enum: ['up', 'down', 'none'] });
    expect(named('include_realtime__eq')).toMatchObject({ enum: ['true', 'false'] });
  });
});

/* ------------------------------------------------------------------ export */

async function exported(projectId: string, params: Record<string, string> = {}) {
  const response = await call(app, 'GET', `/api/v1/project/${projectId}/query/export${query(params)}`, team.viewer.token);
  expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
  return { response, records: JSON.parse(response.body) as ExportRecord[] };
}

/** A list's record as the export writes it: the stored event and its feedback, the parts read from data left out. */
function asExported({ request: _request, response: _response, error: _error, subject: _subject, refusal: _refusal, confidence: _confidence, ...stored }: EventRecord) {
  return stored;
}
/** Instants in UTC, so a zoned export compares with the list. */
const inUtc = (record: ExportRecord) => ({
  ...record,
  issued_at: new Date(record.issued_at).toISOString(),
  feedback: record.feedback && { ...record.feedback, updated_at: new Date(record.feedback.updated_at).toISOString() },
});

describe('GET /project/{id}/query/export', () => {
  it('downloads the query log as a JSON file, one question per line (its stored outcome and feedback), oldest first, with its size in a header', async () => {
    const { response, records } = await exported(known.project.id);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(`attachment; filename="${exportFileName(known.project.id)}"`);
    expect(exportFileName(known.project.id)).toBe(`${known.project.id}_queries.json`);
    expect(response.headers[EXPORT_TOTAL_HEADER]).toBe('10');
    // One question per line.
    expect(response.body.split('\n')).toHaveLength(10 + 3);

    const listed = await read<ListResponse<EventRecord>>('/query', { limit: 100, sort_field: 'issued_at', sort_direction: 'ascending' });
    // The stored record: the list's request, response, error, subject, refusal and confidence are inside data.
    expect(records.map(inUtc)).toEqual(listed.records.map(asExported));
    expect(records[0]!.issued_at).toBe('2026-03-10T09:15:00.400+00:00');
    // The feedback as the visitor left it, its comment as text.
    expect(records[0]!.feedback).toEqual({ answer_id: records[0]!.id, rating: 'up', comment: '', updated_at: '2026-03-13T08:00:00.000+00:00' });
    expect(records[1]!.feedback).toMatchObject({ rating: 'down', comment: COMMENT });
    expect(records.filter((record) => record.feedback === null)).toHaveLength(6);
    for (const record of records) expect(exportRecordSchema.strict().safeParse(record).success).toBe(true);
  });

  it("applies the list's filters", async () => {
    const cases: [Record<string, string>, (event: NewEvent) => boolean][] = [
      [{ response_type__eq: 'oos' }, (event) => isQuestion(event) && event.responseType === 'oos'],
      [{ deployment_key__eq: known.staging.key, data_type__eq: 'request' }, (event) => isOutcome(event) && event.deploymentId === known.staging.id],
      [{ issued_at__gte: '2026-03-10T09:17:00.000Z', issued_at__lte: '2026-03-11T03:00:00.000Z' }, (event) => isQuestion(event) && within('2026-03-10T09:17:00.000Z', '2026-03-11T03:00:00.000Z')(event)],
      [{ feedback__eq: 'down' }, (event) => isQuestion(event) && ratingOf(event) === 'down'],
      [{ feedback__eq: 'down', ...INCLUDE_REALTIME }, (event) => isOutcome(event) && ratingOf(event) === 'down'],
      [{ confidence__gte: '0.7', feedback__eq: 'none' }, (event) => isQuestion(event) && (confidenceOf(event) ?? 0) >= 0.7 && ratingOf(event) === 'none'],
      [INCLUDE_REALTIME, isOutcome],
      [{ deployment_key__eq: known.elsewhere.deployment.key }, () => false],
    ];
    for (const [filters, match] of cases) {
      const { response, records } = await exported(known.project.id, filters);
      const expected = expectedKeys(match);
      expect({ filters, keys: records.map(keyOf).sort(), total: response.headers[EXPORT_TOTAL_HEADER] }).toEqual({
        filters,
        keys: expected,
        total: String(expected.length),
      });
    }
  });

  it('writes every timestamp in the time zone asked for, with its offset', async () => {
    const tree = await createWorkspaceTree(app, [{ user: team.viewer.user, role: 'viewer' }], 'Zones');
    const instants = ['2026-01-15T12:00:00.000Z', '2026-03-29T00:30:00.000Z', '2026-03-29T01:30:00.000Z', '2026-07-01T12:00:00.123Z'];
    const spec = { projectId: tree.project.id, deploymentId: tree.deployment.id, integrationType: 'deployment' as const, visitorId: 'v' };
    const asked = instants.map((at) => conversation(spec, [{ at, utterance: 'hello', outcome: { responseType: 'oos' }, answeredAt: at }]));
    await store(asked.flatMap((turns) => turns.events));
    // Its feedback's time is written in the zone too (8:00 UTC, 13 March).
    await rate(asked[0]!.convId, 0, 'down', 'in Paris');

    const zoned = async (tz?: string) => (await exported(tree.project.id, tz ? { tz } : {})).records.map((record) => record.issued_at);
    const ratedAt = async (tz: string) => (await exported(tree.project.id, { tz })).records[0]!.feedback?.updated_at;
    expect(await ratedAt('Europe/Paris')).toBe('2026-03-13T09:00:00.000+01:00');
    expect(await ratedAt('America/New_York')).toBe('2026-03-13T04:00:00.000-04:00');
    expect(await zoned()).toEqual([
      '2026-01-15T12:00:00.000+00:00',
      '2026-03-29T00:30:00.000+00:00',
      '2026-03-29T01:30:00.000+00:00',
      '2026-07-01T12:00:00.123+00:00',
    ]);
    expect(await zoned('UTC')).toEqual(await zoned());
    // Paris changes to summer time at 01:00 UTC on 29 March 2026.
    expect(await zoned('Europe/Paris')).toEqual([
      '2026-01-15T13:00:00.000+01:00',
      '2026-03-29T01:30:00.000+01:00',
      '2026-03-29T03:30:00.000+02:00',
      '2026-07-01T14:00:00.123+02:00',
    ]);
    expect(await zoned('Asia/Kolkata')).toEqual([
      '2026-01-15T17:30:00.000+05:30',
      '2026-03-29T06:00:00.000+05:30',
      '2026-03-29T07:00:00.000+05:30',
      '2026-07-01T17:30:00.123+05:30',
    ]);
    expect(await zoned('America/New_York')).toEqual([
      '2026-01-15T07:00:00.000-05:00',
      '2026-03-28T20:30:00.000-04:00',
      '2026-03-28T21:30:00.000-04:00',
      '2026-07-01T08:00:00.123-04:00',
    ]);
    // The same instants whatever the zone.
    expect((await zoned('Asia/Kolkata')).map((at) => new Date(at).toISOString())).toEqual(instants);

    // An empty log is an empty array.
    const empty = await createWorkspaceTree(app, [{ user: team.viewer.user, role: 'viewer' }], 'Empty');
    const { response, records } = await exported(empty.project.id);
    expect(records).toEqual([]);
    expect(response.headers[EXPORT_TOTAL_HEADER]).toBe('0');
  });

  it('streams a log larger than one batch: every event once, in order, ties across batch boundaries included', async () => {
    const tree = await createWorkspaceTree(app, [{ user: team.viewer.user, role: 'viewer' }], 'Busy');
    const total = 2 * EXPORT_BATCH + 100;
    const start = Date.parse('2026-05-01T00:00:00.000Z');
    // Thirty events per second: the batch boundaries (2000, 4000) fall inside a group of equal instants.
    // Each a question's outcome (the export's rows), its request left out.
    const stored: NewEvent[] = Array.from({ length: total }, (_, n) => ({
      projectId: tree.project.id,
      deploymentId: tree.deployment.id,
      convId: randomUUID(),
      issuedAt: new Date(start + Math.floor(n / 30) * 1000),
      dataType: 'response',
      responseType: 'oos',
      utterance: `question ${n}`,
      integrationType: 'deployment',
      inputMethod: 'text',
      visitorId: `v${n % 7}`,
      data: { turn: 1, response: { response_type: 'oos', confidence: 0 } },
    }));
    // Rated answers across the batch boundaries: their lines end with the feedback.
    for (const n of [EXPORT_BATCH - 1, EXPORT_BATCH, 2 * EXPORT_BATCH + 99]) stored[n]!.id = randomUUID();
    await store(stored);
    const rated = [EXPORT_BATCH - 1, EXPORT_BATCH, 2 * EXPORT_BATCH + 99].map((n) => stored[n]!);
    await app.ctx.db.insert(feedback).values(
      rated.map((answer) => ({
        answerId: answer.id!,
        projectId: tree.project.id,
        deploymentId: tree.deployment.id,
        convId: answer.convId,
        answeredAt: answer.issuedAt as Date,
        rating: 'down' as const,
        comment: `about ${answer.utterance}`,
        updatedAt: RATED_AT,
      })),
    );

    const { response, records } = await exported(tree.project.id, { tz: 'Europe/Paris' });
    expect(response.headers[EXPORT_TOTAL_HEADER]).toBe(String(total));
    expect(records).toHaveLength(total);
    const ids = records.map((record) => record.id);
    expect(new Set(ids).size).toBe(total);
    const rows = await app.ctx.db.select({ id: events.id }).from(events).where(eq(events.projectId, tree.project.id));
    expect([...ids].sort()).toEqual(rows.map((row) => row.id).sort());
    expect(new Set(records.map((record) => record.utterance)).size).toBe(total);
    for (let index = 1; index < records.length; index += 1) {
      const [before, after] = [records[index - 1]!, records[index]!];
      const order = Date.parse(after.issued_at) - Date.parse(before.issued_at) || (after.id > before.id ? 1 : -1);
      if (order <= 0) expect.fail(`out of order at ${index}: ${before.issued_at} ${before.id}, ${after.issued_at} ${after.id}`);
    }
    for (const boundary of [EXPORT_BATCH, 2 * EXPORT_BATCH]) expect(records[boundary - 1]!.issued_at).toBe(records[boundary]!.issued_at);
    expect(records[0]!.issued_at).toBe('2026-05-01T02:00:00.000+02:00');

    const byUtterance = (a: [string, unknown], b: [string, unknown]) => a[0].localeCompare(b[0]);
    const withFeedback = records.filter((record) => record.feedback !== null).map((record): [string, unknown] => [record.utterance, record.feedback]);
    expect(withFeedback.sort(byUtterance)).toEqual(
      rated
        .map((answer): [string, unknown] => [
          answer.utterance,
          { answer_id: answer.id, rating: 'down', comment: `about ${answer.utterance}`, updated_at: '2026-03-13T09:00:00.000+01:00' },
        ])
        .sort(byUtterance),
    );

    expect((await call(app, 'GET', `/api/v1/project/${tree.project.id}/query`, team.viewer.token)).json<ListResponse<EventRecord>>().total).toBe(total);
    expect((await call(app, 'GET', `/api/v1/project/${tree.project.id}/summary`, team.viewer.token)).json<Summary>()).toMatchObject({
      event_count: total,
      response_count: total,
      conversation_count: total,
      user_count: 7,
      disliked_count: 3,
    });
  });
});

/* ------------------------------------------------------------------ real questions */

describe('questions asked through the chat API', () => {
  it('show in the summary, the conversations and the query log', async () => {
    const shop = await createProjectTeam(app, 'Shop');
    const { project, deployment } = shop.tree;
    await app.ctx.db.update(projects).set({ pipelineConfig: { oos_threshold: 0.6 } }).where(eq(projects.id, project.id));
    const items = await insertItems(app, project.id, productItems);
    const subjectOf = (contentId: string | null) => items.find((item) => item.id === contentId)?.subject ?? null;
    await allowOrigins(app, shop.editor.token, project.id, deployment.id, ['https://shop.example']);
    await sync(app, shop.editor.token, project.id);
    const { key } = await deploy(app, shop.editor.token, project.id, deployment.id);
    const answer = async (response: LightMyRequestResponse) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ChatAnswer>();
    };

    const open = await answer(await ask(app, key, { utterance: 'When are you open?' }));
    const followUp = await answer(await ask(app, key, { utterance: 'How long does the phone battery last?', conv_id: open.conv_id, input_method: 'voice' }));
    const museum = await answer(await ask(app, key, { utterance: 'Can I bring my dog to the museum?' }));
    const tested = await answer(await call(app, 'POST', `/api/v1/project/${project.id}/chat/query`, shop.viewer.token, { utterance: 'When are you open?' }));
    expect(followUp.conv_id).toBe(open.conv_id);
    expect([open.response_type, museum.response_type]).toEqual(['content', 'oos']);
    const outOfScope = [open, followUp, museum, tested].filter((reply) => reply.response_type === 'oos').length;

    const base = `/api/v1/project/${project.id}`;
    const get = async <T>(path: string) => {
      const response = await call(app, 'GET', `${base}${path}`, shop.viewer.token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<T>();
    };
    // The Real-Time Test's question is left out unless asked for.
    expect(await get<Summary>('/summary')).toEqual({
      user_count: 1,
      event_count: 6,
      error_count: 0,
      request_count: 3,
      response_count: 3,
      oos_count: [open, followUp, museum].filter((reply) => reply.response_type === 'oos').length,
      handoff_count: 0,
      conversation_count: 2,
      conv_error_count: 0,
      conv_oos_count: [[open, followUp], [museum]].filter((replies) => replies.some((reply) => reply.response_type === 'oos')).length,
      liked_count: 0,
      disliked_count: 0,
    });
    expect(await get<Summary>('/summary?include_realtime__eq=true')).toEqual({
      // The page's visitor (one browser, one address) and the console user.
      user_count: 2,
      event_count: 8,
      error_count: 0,
      request_count: 4,
      response_count: 4,
      oos_count: outOfScope,
      handoff_count: 0,
      conversation_count: 3,
      conv_error_count: 0,
      conv_oos_count: [[open, followUp], [museum], [tested]].filter((replies) => replies.some((reply) => reply.response_type === 'oos')).length,
      liked_count: 0,
      disliked_count: 0,
    });
    expect(await get<Summary>(`/summary?deployment_key__eq=${key}`)).toMatchObject({ event_count: 6, conversation_count: 2, user_count: 1 });

    const conversations = await get<ListResponse<ConversationRecord>>('/conv?include_realtime__eq=true');
    expect(conversations.records.map((record) => [record.conv_id, record.first_utterance, record.integration_type, record.event_count])).toEqual([
      [tested.conv_id, 'When are you open?', 'realtime', 2],
      [museum.conv_id, 'Can I bring my dog to the museum?', 'deployment', 2],
      [open.conv_id, 'When are you open?', 'deployment', 4],
    ]);
    expect((await get<ListResponse<ConversationRecord>>('/conv')).records.map((record) => record.conv_id)).toEqual([museum.conv_id, open.conv_id]);
    const detail = await get<ListResponse<EventRecord>>(`/conv/${open.conv_id}`);
    expect(detail.records.map((record) => [record.data_type, record.utterance, record.input_method])).toEqual([
      ['request', 'When are you open?', 'text'],
      ['response', 'When are you open?', 'text'],
      ['request', 'How long does the phone battery last?', 'voice'],
      ['response', 'How long does the phone battery last?', 'voice'],
    ]);
    const { answer_id: _open, ...openAnswer } = open;
    const { answer_id: _followUp, ...followUpAnswer } = followUp;
    expect(detail.records[1]!.response).toMatchObject(openAnswer);
    expect(detail.records[3]!.response).toMatchObject(followUpAnswer);

    const log = await get<ListResponse<EventRecord>>('/query?data_type__eq=response');
    expect(log.total).toBe(3);
    expect(log.records.map((record) => [record.utterance, record.response_type, record.integration_type])).toEqual([
      ['Can I bring my dog to the museum?', 'oos', 'deployment'],
      ['How long does the phone battery last?', followUp.response_type, 'deployment'],
      ['When are you open?', 'content', 'deployment'],
    ]);
    // What answered and how sure, as the engine's trace and answer said; a refusal says why.
    const [refused, battery, opening] = log.records;
    expect(opening).toMatchObject({ subject: subjectOf(open.content_id), confidence: open.confidence, refusal: null, feedback: null });
    expect(battery).toMatchObject({ subject: subjectOf(followUp.content_id), confidence: followUp.confidence });
    expect(refused).toMatchObject({ subject: null, confidence: museum.confidence });
    expect(refused!.refusal).toEqual(expect.stringMatching(/\S/));
    const everything = await get<ListResponse<EventRecord>>('/query?include_realtime__eq=true');
    expect({ total: everything.total, newest: everything.records[0]!.utterance }).toEqual({ total: 4, newest: 'When are you open?' });
    expect(everything.records[0]!.integration_type).toBe('realtime');
    expect((await get<ListResponse<EventRecord>>('/query?response_type__eq=oos')).records.map((record) => record.conv_id)).toContain(museum.conv_id);
  });
});

/* ------------------------------------------------------------------ conversation store */

describe('conversation-store API', () => {
  async function createKey(deploymentId: string, server = app, extra: Record<string, unknown> = {}) {
    const response = await call(server, 'POST', `/api/v1/workspace/${team.tree.workspace.id}/api-key`, team.admin.token, {
      display_name: 'Reporting',
      scopes: ['read_conversation_store'],
      resource_type: 'deployment',
      resource_id: deploymentId,
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CreatedApiKey>();
  }
  function readStore(path: string, key: string | null, server = app) {
    return server.inject({ method: 'GET', url: `/api/v1/conversation-store${path}`, headers: key === null ? {} : { authorization: `Bearer ${key}` } });
  }
  async function storeList<T>(path: string, key: string) {
    const response = await readStore(path, key);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ListResponse<T>>();
  }
  /** A key stored as the API would store it, for the rows the API refuses to create. */
  async function insertKey(values: Partial<typeof apiKeys.$inferInsert> & { workspaceId: string; resourceId: string }) {
    const key = generateApiKey();
    await app.ctx.db.insert(apiKeys).values({
      displayName: 'Inserted',
      keyHash: sha256(key),
      hint: key.slice(-4),
      scopes: ['read_conversation_store'],
      resourceType: 'deployment',
      ...values,
    });
    return key;
  }

  it("reads its deployment's conversations and questions with their feedback, and nothing else", async () => {
    const { c1, c2, c3, c4, c5, c6, c7 } = known.conv;
    const production = await createKey(known.production.id);
    const conversations = await storeList<ConversationRecord>('/conv?limit=100', production.key);
    expect({ ids: conversations.records.map((record) => record.conv_id), total: conversations.total }).toEqual({
      ids: [c7, c3, c2, c1].map((c) => c.convId),
      total: 4,
    });
    expect(conversations.records[0]).toMatchObject({ first_utterance: 'Can I pay with crypto?', deployment_id: known.production.id, event_count: 4 });
    expect(conversations.records[3]).toMatchObject({ conv_id: c1.convId, liked_count: 1, disliked_count: 1 });
    const oos = await storeList<ConversationRecord>('/conv?response_type__eq=oos', production.key);
    expect(oos.records.map((record) => record.conv_id)).toEqual([c7.convId, c2.convId]);
    const disliked = await storeList<ConversationRecord>('/conv?feedback__eq=down', production.key);
    expect({ ids: disliked.records.map((record) => record.conv_id), total: disliked.total }).toEqual({ ids: [c2.convId, c1.convId], total: 2 });

    // One row per question, as the query log lists them.
    const questions = await storeList<EventRecord>('/query?limit=100', production.key);
    expect(questions.total).toBe(7);
    expect(questions.records.map(keyOf).sort()).toEqual(expectedKeys((event) => isOutcome(event) && event.deploymentId === known.production.id));
    expectNewestFirst(questions.records);
    expect(questions.records.find((record) => record.utterance === 'How long does the phone battery last?')?.feedback).toMatchObject({ rating: 'down', comment: COMMENT });
    expect((await storeList<EventRecord>('/query?data_type__eq=error', production.key)).records.map((record) => record.conv_id)).toEqual([c3.convId]);
    const ranged = await storeList<EventRecord>('/query?issued_at__gte=2026-03-10T10:00:00.000Z&issued_at__lte=2026-03-10T23:59:59.999Z', production.key);
    expect(ranged.total).toBe(3);
    const rated = await storeList<EventRecord>('/query?feedback__eq=down', production.key);
    expect(rated.records.map((record) => [record.utterance, record.feedback?.comment])).toEqual([
      ['Do you sell cars?', 'Not what I asked'],
      ['How long does the phone battery last?', COMMENT],
    ]);

    const detail = await storeList<EventRecord>(`/conv/${c1.convId}`, production.key);
    expect(detail.records.map((record) => record.issued_at)).toEqual([
      '2026-03-10T09:15:00.000Z',
      '2026-03-10T09:15:00.400Z',
      '2026-03-10T09:20:00.000Z',
      '2026-03-10T09:20:00.400Z',
    ]);
    expect(detail.records[1]!.response).toEqual({ conv_id: c1.convId, response_type: 'content', content_id: known.items.A, confidence: 0.9 });
    expect(detail.records.map((record) => record.feedback?.rating ?? null)).toEqual([null, 'up', null, 'down']);
    // Another deployment's conversation, the Real-Time Test's, another project's, none at all.
    for (const convId of [c4.convId, c6.convId, c5.convId, known.elsewhere.conv.q1.convId, randomUUID()]) {
      expectError(await readStore(`/conv/${convId}`, production.key), 404);
    }
    expectError(await readStore('/conv/not-a-conversation', production.key), 400, 'Conv ID must be a valid UUID.');

    const staging = await createKey(known.staging.id);
    expect((await storeList<ConversationRecord>('/conv', staging.key)).records.map((record) => record.conv_id)).toEqual([c6.convId, c4.convId]);
    expect((await storeList<EventRecord>('/query', staging.key)).total).toBe(3);
    expect((await storeList<EventRecord>(`/conv/${c4.convId}`, staging.key)).total).toBe(4);
  });

  it('takes no deployment from the request, and refuses bad filter values with 400', async () => {
    const production = await createKey(known.production.id);
    expectError(await readStore(`/conv?deployment_key__eq=${known.staging.key}`, production.key), 400, 'Filter must be one of issued_at, data_type, response_type, feedback');
    expectError(await readStore(`/query?deployment_key__eq=${known.staging.key}`, production.key), 400, 'Filter must be one of issued_at, data_type, response_type, feedback');
    expectError(await readStore('/query?include_realtime__eq=true', production.key), 400, 'Filter must be one of issued_at, data_type, response_type, feedback');
    expectError(await readStore('/query?data_type__eq=bogus', production.key), 400, 'data_type must be one of request, response, error');
    expectError(await readStore('/query?sort_field=utterance', production.key), 400, 'Sort Field must be one of issued_at');
    expectError(await readStore('/conv?issued_at__gte=notadate', production.key), 400, 'issued_at must be a valid date');
  });

  it('answers 401 without a valid key in the Authorization header', async () => {
    const created = await createKey(known.production.id);
    for (const path of ['/conv', `/conv/${known.conv.c1.convId}`, '/query']) {
      expectError(await readStore(path, null), 401, conversationStoreMessages.missingKey);
      expectError(await readStore(path, generateApiKey()), 401, conversationStoreMessages.invalidKey);
      // A user's session token is not an API key.
      expectError(await readStore(path, team.admin.token), 401, conversationStoreMessages.invalidKey);
      // Never in the URL.
      const inUrl = await app.inject({ method: 'GET', url: `/api/v1/conversation-store${path}?key=${created.key}` });
      expectError(inUrl, 401, conversationStoreMessages.missingKey);
      const basic = await app.inject({ method: 'GET', url: `/api/v1/conversation-store${path}`, headers: { authorization: `Basic ${created.key}` } });
      expectError(basic, 401, conversationStoreMessages.missingKey);
    }
    expect((await readStore('/conv', created.key)).statusCode).toBe(200);
  });

  it('answers 401 to an inactive key, and reads again once it is reactivated', async () => {
    const created = await createKey(known.production.id);
    const update = (status: string) => call(app, 'PUT', `/api/v1/api-key/${created.id}`, team.admin.token, { description: '', status });
    expect((await update('inactive')).statusCode).toBe(200);
    expectError(await readStore('/conv', created.key), 401, conversationStoreMessages.invalidKey);
    expectError(await readStore('/query', created.key), 401, conversationStoreMessages.invalidKey);
    expect((await update('active')).statusCode).toBe(200);
    expect((await readStore('/conv', created.key)).statusCode).toBe(200);
  });

  it('answers 401 to a deleted key', async () => {
    const created = await createKey(known.production.id);
    expect((await readStore('/query', created.key)).statusCode).toBe(200);
    expect((await call(app, 'DELETE', `/api/v1/api-key/${created.id}`, team.admin.token)).statusCode).toBe(204);
    expectError(await readStore('/query', created.key), 401, conversationStoreMessages.invalidKey);
  });

  it('answers 401 to a key once it has expired', async () => {
    const clock = createClock();
    const later = await createTestApp(database, { clock });
    const created = await createKey(known.production.id, later, { expires_at: new Date(clock.now().getTime() + 3_600_000).toISOString() });
    expect((await readStore('/conv', created.key, later)).statusCode).toBe(200);
    clock.advance(3_600_000 - 1);
    expect((await readStore('/conv', created.key, later)).statusCode).toBe(200);
    clock.advance(1);
    expectError(await readStore('/conv', created.key, later), 401, conversationStoreMessages.invalidKey);
    expectError(await readStore(`/conv/${known.conv.c1.convId}`, created.key, later), 401, conversationStoreMessages.invalidKey);
  });

  it("answers 403 when the key's deployment is gone, belongs to another workspace, or the key lacks the scope", async () => {
    const [doomed] = await app.ctx.db.insert(deployments).values({ projectId: known.project.id, displayName: 'Doomed', key: randomUUID() }).returning();
    const created = await createKey(doomed!.id);
    expect(await storeList<ConversationRecord>('/conv', created.key)).toEqual({ records: [], total: 0 });
    await app.ctx.db.delete(deployments).where(eq(deployments.id, doomed!.id));
    for (const path of ['/conv', `/conv/${known.conv.c1.convId}`, '/query']) {
      expectError(await readStore(path, created.key), 403, conversationStoreMessages.noDeployment);
    }

    // The API refuses a key of one workspace for another's deployment; a row that says so anyway reads nothing.
    const foreign = await call(app, 'POST', `/api/v1/workspace/${known.elsewhere.workspace.id}/api-key`, foreignAdmin.token, {
      display_name: 'Sneaky',
      scopes: ['read_conversation_store'],
      resource_type: 'deployment',
      resource_id: known.production.id,
    });
    expectError(foreign, 400, apiKeyMessages.foreignResource);
    const crossed = await insertKey({ workspaceId: known.elsewhere.workspace.id, resourceId: known.production.id });
    for (const path of ['/conv', `/conv/${known.conv.c1.convId}`, '/query']) {
      expectError(await readStore(path, crossed), 403, conversationStoreMessages.noDeployment);
    }

    const scopeless = await insertKey({ workspaceId: team.tree.workspace.id, resourceId: known.production.id, scopes: [] });
    expectError(await readStore('/conv', scopeless), 403, conversationStoreMessages.wrongScope);
  });

  it('opens no other route', async () => {
    const created = await createKey(known.production.id);
    for (const url of [
      `/api/v1/project/${known.project.id}/query`,
      `/api/v1/project/${known.project.id}/summary`,
      `/api/v1/project/${known.project.id}/query/export`,
      `/api/v1/workspace/${team.tree.workspace.id}/api-key`,
    ]) {
      expectError(await call(app, 'GET', url, created.key), 401, errorDetails.invalidToken);
    }
  });

  it('is documented in /api/docs with the API key scheme', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ paths: Record<string, Record<string, { security?: unknown }>>; components: { securitySchemes: Record<string, unknown> } }>();
    for (const path of ['/api/v1/conversation-store/conv', '/api/v1/conversation-store/conv/{convId}', '/api/v1/conversation-store/query']) {
      expect(document.paths[path]?.get?.security, path).toEqual([{ apiKey: [] }]);
    }
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/v1/project/{id}/query/export']?.get?.security).toEqual([{ bearer: [] }]);
  });
});
