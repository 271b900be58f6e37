import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { FEEDBACK_COMMENT_MAX, feedbackMessages, type ChatAnswer, type Feedback, type RealtimeAnswer } from '@console/contracts';
import type { Database } from '../src/db/client';
import { events, feedback } from '../src/db/schema/index';
import { chatMessages } from '../src/modules/chat/messages';
import { call, countRows, createClock, createSignedInUser, createTestApp, createWorkspaceTree, expectError, openTestDatabase, type TestClock } from './helper';
import { allowOrigins, ask, corsHeaders, deploy, giveFeedback, insertItems, preflight, productItems, sync } from './assistant-fixtures';

/**
 * Visitors' feedback on answers through the public chat API (the gate, CORS and the per-address
 * limit of questions, one row per answer) and the Real-Time Test's feedback route.
 */

const SHOP = 'https://shop.example';
let database: Database;
let app: FastifyInstance;
let clock: TestClock;
let editor: Awaited<ReturnType<typeof createSignedInUser>>;
let viewer: Awaited<ReturnType<typeof createSignedInUser>>;
let shop: Awaited<ReturnType<typeof deployedProject>>;

/** A synced project deployed on its Production deployment for pages of SHOP. */
async function deployedProject() {
  const tree = await createWorkspaceTree(app, [
    { user: editor.user, role: 'editor' },
    { user: viewer.user, role: 'viewer' },
  ]);
  await insertItems(app, tree.project.id, productItems);
  await allowOrigins(app, editor.token, tree.project.id, tree.deployment.id, [SHOP]);
  await sync(app, editor.token, tree.project.id);
  const { key } = await deploy(app, editor.token, tree.project.id, tree.deployment.id);
  return { ...tree, key };
}

beforeAll(async () => {
  database = await openTestDatabase();
  clock = createClock();
  app = await createTestApp(database, { clock });
  [editor, viewer] = await Promise.all([createSignedInUser(app), createSignedInUser(app)]);
  shop = await deployedProject();
});

async function answerOf(response: Promise<LightMyRequestResponse>): Promise<ChatAnswer> {
  const answered = await response;
  expect(answered.statusCode, answered.body).toBe(200);
  return answered.json<ChatAnswer>();
}

const askShop = (server = app, remoteAddress?: string) => answerOf(ask(server, shop.key, { utterance: 'When are you open?' }, SHOP, remoteAddress));

/** Feedback on the shop's answers from a page on SHOP, unless told otherwise. */
function sendFeedback(body: Record<string, unknown>, { key = shop.key, origin = SHOP as string | null, server = app, remoteAddress = undefined as string | undefined } = {}) {
  return giveFeedback(server, key, body, origin, remoteAddress);
}

function feedbackOf(response: LightMyRequestResponse): Feedback {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Feedback>();
}

const storedFeedback = (answerId: string) => app.ctx.db.select().from(feedback).where(eq(feedback.answerId, answerId));

describe('POST /chat/{deploymentKey}/feedback', () => {
  it('stores a thumbs up on an answer, with the answer and visitor it belongs to, and answers it', async () => {
    const answer = await askShop();
    const response = await sendFeedback({ answer_id: answer.answer_id, rating: 'up' });
    expect(feedbackOf(response)).toEqual({ answer_id: answer.answer_id, rating: 'up', comment: '', updated_at: clock.now().toISOString() });
    expect(corsHeaders(response)).toEqual({ 'access-control-allow-origin': SHOP });
    expect(response.headers.vary).toMatch(/\bOrigin\b/);

    const [event] = await app.ctx.db.select().from(events).where(eq(events.id, answer.answer_id));
    expect(await storedFeedback(answer.answer_id)).toEqual([
      {
        answerId: answer.answer_id,
        projectId: shop.project.id,
        deploymentId: shop.deployment.id,
        convId: answer.conv_id,
        answeredAt: event!.issuedAt,
        rating: 'up',
        comment: '',
        // The same key as the visitor's questions: the dashboard counts one visitor.
        visitorId: event!.visitorId,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      },
    ]);
  });

  it('changes the one stored feedback when the visitor changes their mind', async () => {
    const answer = await askShop();
    const first = feedbackOf(await sendFeedback({ answer_id: answer.answer_id, rating: 'up' }));
    clock.advance(5_000);
    const changed = feedbackOf(await sendFeedback({ answer_id: answer.answer_id, rating: 'down', comment: '  The hours are wrong on Sundays.  ' }));
    expect(changed).toEqual({ answer_id: answer.answer_id, rating: 'down', comment: 'The hours are wrong on Sundays.', updated_at: clock.now().toISOString() });
    const rows = await storedFeedback(answer.answer_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 'down', comment: 'The hours are wrong on Sundays.', createdAt: new Date(first.updated_at), updatedAt: clock.now() });

    // Back to a thumbs up without a comment: the comment goes with the thumbs down it explained.
    feedbackOf(await sendFeedback({ answer_id: answer.answer_id, rating: 'up' }));
    expect(await storedFeedback(answer.answer_id)).toMatchObject([{ rating: 'up', comment: '' }]);
  });

  it('keeps a comment with markup as the text the visitor typed', async () => {
    const answer = await askShop();
    const comment = '<img src=x onerror="alert(1)"><b>bold</b> &amp; "quotes"';
    expect(feedbackOf(await sendFeedback({ answer_id: answer.answer_id, rating: 'down', comment })).comment).toBe(comment);
    expect(await storedFeedback(answer.answer_id)).toMatchObject([{ comment }]);
  });

  it('refuses a comment over the maximum, a rating it does not know and a malformed answer id, storing nothing', async () => {
    const answer = await askShop();
    const long = await sendFeedback({ answer_id: answer.answer_id, rating: 'down', comment: 'a'.repeat(FEEDBACK_COMMENT_MAX + 1) });
    expectError(long, 400, 'Comment must be at most 500 characters');
    expect(corsHeaders(long)).toEqual({ 'access-control-allow-origin': SHOP });
    expectError(await sendFeedback({ answer_id: answer.answer_id, rating: 'meh' }), 400, 'Rating must be one of up, down');
    expectError(await sendFeedback({ answer_id: 'abc', rating: 'up' }), 400, 'Answer ID must be the answer_id of an answer');
    expect(await storedFeedback(answer.answer_id)).toEqual([]);

    const longest = 'a'.repeat(FEEDBACK_COMMENT_MAX);
    expect(feedbackOf(await sendFeedback({ answer_id: answer.answer_id, rating: 'down', comment: longest })).comment).toBe(longest);
  });

  it("answers 404 for an unknown answer, a question's event, another deployment's or project's answer, a Real-Time Test answer and an erased conversation", async () => {
    const unknown = '0190f3b4-0000-7000-8000-000000000000';
    expectError(await sendFeedback({ answer_id: unknown, rating: 'up' }), 404, feedbackMessages.unknownAnswer);

    const answer = await askShop();
    const [request] = await app.ctx.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.convId, answer.conv_id), eq(events.dataType, 'request')));
    expectError(await sendFeedback({ answer_id: request!.id, rating: 'up' }), 404, feedbackMessages.unknownAnswer);

    // Another deployment of the same project, deployed too, for the same origin.
    const created = await call(app, 'POST', `/api/v1/project/${shop.project.id}/deployment`, editor.token, { display_name: 'Preview', allowed_origins: SHOP });
    expect(created.statusCode, created.body).toBe(201);
    const preview = created.json<{ id: string; key: string }>();
    await deploy(app, editor.token, shop.project.id, preview.id);
    expectError(await sendFeedback({ answer_id: answer.answer_id, rating: 'up' }, { key: preview.key }), 404, feedbackMessages.unknownAnswer);
    const previewAnswer = await answerOf(ask(app, preview.key, { utterance: 'When are you open?' }));
    expectError(await sendFeedback({ answer_id: previewAnswer.answer_id, rating: 'up' }), 404, feedbackMessages.unknownAnswer);
    feedbackOf(await sendFeedback({ answer_id: previewAnswer.answer_id, rating: 'up' }, { key: preview.key }));

    // Another project's deployment.
    const other = await deployedProject();
    expectError(await sendFeedback({ answer_id: answer.answer_id, rating: 'up' }, { key: other.key }), 404, feedbackMessages.unknownAnswer);

    // The Real-Time Test's answers are the console's, not a deployment's.
    const realtime = await call(app, 'POST', `/api/v1/project/${shop.project.id}/chat/query`, viewer.token, { utterance: 'When are you open?' });
    expectError(await sendFeedback({ answer_id: realtime.json<RealtimeAnswer>().answer_id, rating: 'up' }), 404, feedbackMessages.unknownAnswer);

    await app.ctx.db.delete(events).where(eq(events.convId, answer.conv_id));
    expectError(await sendFeedback({ answer_id: answer.answer_id, rating: 'up' }), 404, feedbackMessages.unknownAnswer);
    expect(await storedFeedback(answer.answer_id)).toEqual([]);
  });

  it('refuses another origin, a missing one and an unknown key without CORS headers', async () => {
    const answer = await askShop();
    for (const origin of ['https://evil.example', 'null', null]) {
      const refused = await sendFeedback({ answer_id: answer.answer_id, rating: 'down', comment: 'spam' }, { origin });
      expectError(refused, 403, chatMessages.originRefused);
      expect(corsHeaders(refused), String(origin)).toEqual({});
    }
    const unknown = await sendFeedback({ answer_id: answer.answer_id, rating: 'up' }, { key: 'no-such-key' });
    expectError(unknown, 404, chatMessages.unknownDeployment);
    expect(corsHeaders(unknown)).toEqual({});
    expect(await storedFeedback(answer.answer_id)).toEqual([]);
  });

  it("answers CORS preflights for allowed origins only, as the questions' route does", async () => {
    const url = `/api/v1/chat/${shop.key}/feedback`;
    const allowed = await preflight(app, url, SHOP);
    expect(allowed.statusCode).toBe(204);
    expect(corsHeaders(allowed)).toEqual(corsHeaders(await preflight(app, `/api/v1/chat/${shop.key}/query`, SHOP)));
    expect(corsHeaders(allowed)).toMatchObject({ 'access-control-allow-origin': SHOP, 'access-control-allow-methods': 'POST' });
    for (const origin of ['https://evil.example', null]) {
      const refused = await preflight(app, url, origin);
      expect(refused.statusCode).toBe(403);
      expect(corsHeaders(refused)).toEqual({});
    }
  });

  it("counts feedback toward the client address's limit of questions", async () => {
    const limitedClock = createClock();
    const limited = await createTestApp(database, { clock: limitedClock, chatMaxQueriesPerMinute: 3 });
    const address = '203.0.113.40';
    const answer = await askShop(limited, address);
    feedbackOf(await sendFeedback({ answer_id: answer.answer_id, rating: 'up' }, { server: limited, remoteAddress: address }));
    feedbackOf(await sendFeedback({ answer_id: answer.answer_id, rating: 'down' }, { server: limited, remoteAddress: address }));

    // Three calls spent the minute: a question and feedback are both refused.
    const question = await ask(limited, shop.key, { utterance: 'When are you open?' }, SHOP, address);
    expectError(question, 429, chatMessages.tooManyQueries(60));
    const refused = await sendFeedback({ answer_id: answer.answer_id, rating: 'up' }, { server: limited, remoteAddress: address });
    expectError(refused, 429, chatMessages.tooManyQueries(60));
    expect(refused.headers['retry-after']).toBe('60');
    expect(corsHeaders(refused)).toEqual({ 'access-control-allow-origin': SHOP });
    expect(await storedFeedback(answer.answer_id)).toMatchObject([{ rating: 'down' }]);

    limitedClock.advance(60_000);
    feedbackOf(await sendFeedback({ answer_id: answer.answer_id, rating: 'up' }, { server: limited, remoteAddress: address }));
  });

  it('is documented without a token, with the longest comment', async () => {
    const docs = await app.inject({ method: 'GET', url: '/api/docs/json' });
    type Operation = { security?: unknown; requestBody: { content: Record<string, { schema: { properties: Record<string, { maxLength?: number }> } }> } };
    const paths = docs.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
    const route = paths['/api/v1/chat/{deploymentKey}/feedback']!;
    expect(Object.keys(route).sort()).toEqual(['options', 'post']);
    expect(route.post!.security).toBeUndefined();
    expect(route.post!.requestBody.content['application/json']!.schema.properties.comment!.maxLength).toBe(FEEDBACK_COMMENT_MAX);
    expect(paths['/api/v1/project/{id}/chat/feedback']!.post!.security).toEqual([{ bearer: [] }]);
  });
});

describe('POST /project/{id}/chat/feedback', () => {
  const url = (projectId: string) => `/api/v1/project/${projectId}/chat/feedback`;

  it("takes any reader's feedback on the project's Real-Time Test answers, and only on those", async () => {
    const realtime = await call(app, 'POST', `/api/v1/project/${shop.project.id}/chat/query`, viewer.token, { utterance: 'When are you open?' });
    const tested = realtime.json<RealtimeAnswer>();
    const given = await call(app, 'POST', url(shop.project.id), viewer.token, { answer_id: tested.answer_id, rating: 'down', comment: 'Too short' });
    expect(feedbackOf(given)).toEqual({ answer_id: tested.answer_id, rating: 'down', comment: 'Too short', updated_at: clock.now().toISOString() });
    expect(await storedFeedback(tested.answer_id)).toMatchObject([
      { projectId: shop.project.id, deploymentId: null, convId: tested.conv_id, visitorId: `user:${viewer.user.id}` },
    ]);
    feedbackOf(await call(app, 'POST', url(shop.project.id), editor.token, { answer_id: tested.answer_id, rating: 'up' }));
    expect(await countRows(app, feedback, eq(feedback.answerId, tested.answer_id))).toBe(1);

    // A deployment's answer is a visitor's, and another project's Real-Time Test answers are not this one's.
    const answer = await askShop();
    expectError(await call(app, 'POST', url(shop.project.id), viewer.token, { answer_id: answer.answer_id, rating: 'up' }), 404, feedbackMessages.unknownAnswer);
    const other = await deployedProject();
    expectError(await call(app, 'POST', url(other.project.id), viewer.token, { answer_id: tested.answer_id, rating: 'up' }), 404, feedbackMessages.unknownAnswer);
    expectError(
      await call(app, 'POST', url(shop.project.id), viewer.token, { answer_id: tested.answer_id, rating: 'up', comment: 'a'.repeat(FEEDBACK_COMMENT_MAX + 1) }),
      400,
      'Comment must be at most 500 characters',
    );

    const stranger = await createSignedInUser(app);
    expectError(await call(app, 'POST', url(shop.project.id), stranger.token, { answer_id: tested.answer_id, rating: 'up' }), 404);
    expectError(await call(app, 'POST', url(shop.project.id), null, { answer_id: tested.answer_id, rating: 'up' }), 401);
  });
});
