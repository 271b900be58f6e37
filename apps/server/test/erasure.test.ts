import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, count, eq, inArray } from 'drizzle-orm';
import {
  conversationErasurePaths,
  conversationStoreMessages,
  erasureMessages,
  messages,
  type ChatAnswer,
  type CreatedApiKey,
  type ErasureCounts,
  type ErasurePreview,
  type Summary,
} from '@console/contracts';
import { auditEntries, conversations, events, feedback, insightClusters, insightQuestions, insightTopics, jobs, testCases, testResults, testRuns } from '../src/db/schema/index';
import { call, createClock, createProjectTeam, createTestApp, expectError, openTestDatabase } from './helper';
import { allowOrigins, ask, deploy, giveFeedback, insertItems, productItems, sync } from './assistant-fixtures';

/**
 * Erasure: a visitor's conversations gone for good, named by id or found by a value they gave, from
 * the console (project admins) and through the conversation store (an API key with
 * erase_conversations, its deployment only); a preview lists what the erasure is then given.
 */

const SHOP = 'https://shop.example';
const NAME = 'Zelda Quist';
const EMAIL = 'zelda.quist@example.org';
const clock = createClock();
let app: FastifyInstance;
let team: Awaited<ReturnType<typeof createProjectTeam>>;
let other: Awaited<ReturnType<typeof createProjectTeam>>;
let projectId: string;
let key: string;
let otherKey: string;

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase(), { clock });
  [team, other] = await Promise.all([createProjectTeam(app, 'Shop'), createProjectTeam(app, 'Elsewhere')]);
  projectId = team.tree.project.id;
  for (const { editor, tree } of [team, other]) {
    await insertItems(app, tree.project.id, productItems);
    await allowOrigins(app, editor.token, tree.project.id, tree.deployment.id, [SHOP]);
    await sync(app, editor.token, tree.project.id);
  }
  ({ key } = await deploy(app, team.editor.token, projectId, team.tree.deployment.id));
  ({ key: otherKey } = await deploy(app, other.editor.token, other.tree.project.id, other.tree.deployment.id));
});

async function askShop(utterance: string, convId?: string, deploymentKey = key): Promise<ChatAnswer> {
  const response = await ask(app, deploymentKey, { utterance, ...(convId ? { conv_id: convId } : {}) }, SHOP);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ChatAnswer>();
}

const preview = (body: unknown, token = team.admin.token, project = projectId) => call(app, 'POST', `/api/v1/project/${project}/erasure/preview`, token, body);
const erase = (body: unknown, token = team.admin.token, project = projectId) => call(app, 'POST', `/api/v1/project/${project}/erasure`, token, body);

async function previewed(body: unknown): Promise<ErasurePreview> {
  const response = await preview(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ErasurePreview>();
}

async function erased(body: unknown): Promise<ErasureCounts> {
  const response = await erase(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ErasureCounts>();
}

async function summary(): Promise<Summary> {
  const response = await call(app, 'GET', `/api/v1/project/${projectId}/summary?include_realtime__eq=true`, team.viewer.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Summary>();
}

async function stored(convIds: string[]) {
  const rows = async (table: typeof events | typeof conversations | typeof feedback | typeof insightQuestions) =>
    Number((await app.ctx.db.select({ n: count() }).from(table).where(inArray(table.convId, convIds)))[0]!.n);
  return { events: await rows(events), conversations: await rows(conversations), feedback: await rows(feedback), questions: await rows(insightQuestions) };
}

async function createCase(body: Record<string, unknown>): Promise<string> {
  const response = await call(app, 'POST', `/api/v1/project/${projectId}/test-case`, team.editor.token, {
    context: [],
    expect: { type: 'out_of_scope' },
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

/** The inbox's grouping runs a few seconds behind the answers. */
async function grouped(convId: string): Promise<void> {
  clock.advance(5_000);
  for (let tries = 0; tries < 1000; tries++) {
    const open = await app.ctx.db.select({ status: jobs.status }).from(jobs).where(and(eq(jobs.projectId, projectId), inArray(jobs.status, ['queued', 'running'])));
    const [question] = await app.ctx.db.select().from(insightQuestions).where(eq(insightQuestions.convId, convId));
    if (!open.length && question?.topicId) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the inbox never grouped the question');
}

/** The project's erasure entries in the audit log (the test clock stands still, so their order is not kept). */
function erasureEntries() {
  return app.ctx.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.projectId, projectId), eq(auditEntries.action, 'conversations.erased')));
}

async function exported(): Promise<string> {
  const response = await call(app, 'GET', `/api/v1/project/${projectId}/query/export?tz=UTC&include_realtime__eq=true`, team.viewer.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

describe('erasure by value', () => {
  it('previews the conversations holding the value anywhere stored, and erases exactly those, with their feedback, inbox questions and test cases', async () => {
    // The address is stored as [EMAIL]; the name as typed; the refused question goes to the inbox.
    const first = await askShop(`My name is ${NAME}, write to ${EMAIL}`);
    await askShop('when are you open?', first.conv_id);
    expect((await giveFeedback(app, key, { answer_id: first.answer_id, rating: 'down', comment: 'not helpful' }, SHOP)).statusCode).toBe(200);
    const second = await askShop('do you sell unicorn saddles for dragons?');
    expect((await giveFeedback(app, key, { answer_id: second.answer_id, rating: 'down', comment: `${NAME.toUpperCase()} is unhappy` }, SHOP)).statusCode).toBe(200);
    const bystander = await askShop('when are you open?');
    await grouped(second.conv_id);
    const madeFrom = await createCase({ question: 'when are you open?', conv_id: first.conv_id });
    const naming = await createCase({ question: 'is the store open late?', context: [`I am ${NAME}`] });
    const unrelated = await createCase({ question: 'phone battery life' });
    const before = await summary();
    const exportBefore = await exported();
    expect(exportBefore).toContain(NAME);

    const found = await previewed({ value: 'zelda quist' });
    expect(found).toMatchObject({
      conversations: 2,
      events: 6,
      feedback: 2,
      test_cases: 2,
      more: false,
    });
    expect(new Set(found.conv_ids)).toEqual(new Set([first.conv_id, second.conv_id]));
    expect(new Set(found.test_case_ids)).toEqual(new Set([madeFrom, naming]));
    expect(found.sample.map((conversation) => conversation.conv_id).sort()).toEqual([first.conv_id, second.conv_id].sort());
    expect(found.sample.find((conversation) => conversation.conv_id === first.conv_id)).toMatchObject({ first_utterance: `My name is ${NAME}, write to [EMAIL]`, event_count: 4 });

    // A new question holding the value after the preview is not erased: the erasure takes the preview's list.
    const later = await askShop(`${NAME} again`);
    const result = await erased({ conv_ids: found.conv_ids, test_case_ids: found.test_case_ids, value: 'zelda quist' });
    expect(result).toEqual({ conversations: 2, events: 6, feedback: 2, test_cases: 2 });
    // The audit log says that an erasure happened, by whom and how many records, never what.
    const entries = await erasureEntries();
    expect(entries).toEqual([expect.objectContaining({ actorType: 'user', actorId: team.admin.user.id, resourceType: 'project', resourceId: projectId, details: result })]);
    expect(JSON.stringify(entries)).not.toMatch(/zelda/i);

    expect(await stored([first.conv_id, second.conv_id])).toEqual({ events: 0, conversations: 0, feedback: 0, questions: 0 });
    expect(await stored([later.conv_id, bystander.conv_id])).toMatchObject({ events: 4, conversations: 2 });
    const cases = await app.ctx.db.select({ id: testCases.id }).from(testCases).where(eq(testCases.projectId, projectId));
    expect(cases.map((row) => row.id)).toEqual([unrelated]);
    // The second conversation's topic had no other question: it is gone with its cluster, not shown with stale counts.
    expect(await app.ctx.db.select().from(insightTopics).where(eq(insightTopics.projectId, projectId))).toEqual([]);
    expect(await app.ctx.db.select().from(insightClusters).where(eq(insightClusters.projectId, projectId))).toEqual([]);

    // The dashboard counts what remains (the later conversation added since); an export made afterwards holds none of it.
    expect(await summary()).toMatchObject({
      conversation_count: before.conversation_count - 2 + 1,
      event_count: before.event_count - 6 + 2,
      request_count: before.request_count - 3 + 1,
      disliked_count: before.disliked_count - 2,
    });
    const exportAfter = await exported();
    expect(exportAfter).not.toContain(first.conv_id);
    expect(exportAfter).not.toContain(second.conv_id);
    expect(exportAfter).toContain(later.conv_id);
    expect((await previewed({ value: NAME })).conv_ids).toEqual([later.conv_id]);
  }, 120_000);

  it("finds an address redaction replaced by a marker in the events while the conversation's state as typed is kept", async () => {
    const answer = await askShop(`please forget ${EMAIL.toUpperCase()}`);
    const found = await previewed({ value: EMAIL });
    expect(found.conv_ids).toEqual([answer.conv_id]);
    expect(await erased({ conv_ids: found.conv_ids })).toMatchObject({ conversations: 1, events: 2 });
    expect((await previewed({ value: EMAIL })).conversations).toBe(0);
  });

  it('takes the value literally: %, _ and the signs of patterns match only themselves', async () => {
    expect(await previewed({ value: '%%%' })).toMatchObject({ conversations: 0, events: 0, conv_ids: [], sample: [] });
    for (const value of ['___', '.*.', '(.*)', '\\w+']) expect((await previewed({ value })).conversations, value).toBe(0);
    const answer = await askShop('is the (phone*) battery [good]?');
    expect((await previewed({ value: '(PHONE*) battery [' })).conv_ids).toEqual([answer.conv_id]);
    expect(await erased({ conv_ids: [answer.conv_id] })).toMatchObject({ conversations: 1 });
  });

  it('refuses a value shorter than 3 characters, and a preview naming both or neither', async () => {
    expectError(await preview({ value: 'ab' }), 400, messages.atLeastChars('Value', 3));
    expectError(await preview({ value: '  ab  ' }), 400, 'Value must be at least 3 characters');
    expectError(await preview({}), 400, erasureMessages.oneWay);
    expectError(await preview({ value: 'zelda', conv_ids: [crypto.randomUUID()] }), 400, erasureMessages.oneWay);
    expectError(await erase({ conv_ids: [] }), 400, erasureMessages.nothingToErase);
    expectError(await erase({ conv_ids: ['nope'] }), 400, messages.uuid('Conv ID'));
    expectError(await erase({ conv_ids: [crypto.randomUUID()], value: 'ab' }), 400, messages.atLeastChars('Value', 3));
  });
});

describe('erasure by id', () => {
  it("erases the project's own conversations among the ids, never another project's, and the test cases made from them", async () => {
    const mine = await askShop('phone battery life');
    const theirs = await askShop('phone battery life', undefined, otherKey);
    const realtime = await call(app, 'POST', `/api/v1/project/${projectId}/chat/query`, team.viewer.token, { utterance: 'laptop warranty' });
    expect(realtime.statusCode, realtime.body).toBe(200);
    const tried = realtime.json<ChatAnswer>();
    const madeFrom = await createCase({ question: 'phone battery life', conv_id: mine.conv_id });

    const found = await previewed({ conv_ids: [mine.conv_id, theirs.conv_id, tried.conv_id, crypto.randomUUID()] });
    expect(new Set(found.conv_ids)).toEqual(new Set([mine.conv_id, tried.conv_id]));
    expect(found).toMatchObject({ conversations: 2, events: 4, feedback: 0, test_cases: 1, test_case_ids: [madeFrom] });

    // The erasure checks the ids again: another project's conversation is passed over.
    expect(await erased({ conv_ids: [mine.conv_id, theirs.conv_id, tried.conv_id] })).toEqual({ conversations: 2, events: 4, feedback: 0, test_cases: 1 });
    expect(await stored([mine.conv_id, tried.conv_id])).toMatchObject({ events: 0, conversations: 0 });
    expect(await stored([theirs.conv_id])).toMatchObject({ events: 2, conversations: 1 });
    // Another project's admin cannot reach this project's conversations, nor a test case of it by id.
    const kept = await createCase({ question: 'tablet warranty' });
    expectError(await erase({ conv_ids: [theirs.conv_id], test_case_ids: [kept] }, other.admin.token), 404);
    const theirErasure = await erase({ conv_ids: [theirs.conv_id], test_case_ids: [kept] }, other.admin.token, other.tree.project.id);
    expect(theirErasure.json<ErasureCounts>()).toEqual({ conversations: 1, events: 2, feedback: 0, test_cases: 0 });
    expect(await app.ctx.db.select({ id: testCases.id }).from(testCases).where(eq(testCases.id, kept))).toEqual([{ id: kept }]);
  });

  it('erases listed test cases only when they go with the erased conversations, with their results, and a run counts the rest', async () => {
    const answer = await askShop('watch warranty');
    const madeFrom = await createCase({ question: 'watch warranty', conv_id: answer.conv_id });
    const unrelated = await createCase({ question: 'watch battery life' });
    const run = await call(app, 'POST', `/api/v1/project/${projectId}/test-run`, team.editor.token, {});
    expect(run.statusCode, run.body).toBe(202);
    const runId = run.json<{ id: string }>().id;
    let ran: typeof testRuns.$inferSelect | undefined;
    for (let tries = 0; tries < 3000 && !ran?.finishedAt; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      [ran] = await app.ctx.db.select().from(testRuns).where(eq(testRuns.id, runId));
    }
    expect(ran?.finishedAt).toBeTruthy();

    expect(await erased({ conv_ids: [answer.conv_id], test_case_ids: [madeFrom, unrelated] })).toMatchObject({ conversations: 1, test_cases: 1 });
    const left = await app.ctx.db.select({ caseId: testResults.caseId }).from(testResults).where(eq(testResults.runId, runId));
    expect(left.map((row) => row.caseId)).not.toContain(madeFrom);
    expect(left.map((row) => row.caseId)).toContain(unrelated);
    const [counted] = await app.ctx.db.select().from(testRuns).where(eq(testRuns.id, runId));
    expect(counted!.total).toBe(ran!.total - 1);
    expect(counted!.passed + counted!.failed).toBe(counted!.total);
  });

  it('is for project admins: editors and viewers are refused and nothing is erased', async () => {
    const answer = await askShop('tablet battery life');
    for (const member of [team.editor, team.viewer]) {
      expectError(await preview({ conv_ids: [answer.conv_id] }, member.token), 403);
      expectError(await erase({ conv_ids: [answer.conv_id] }, member.token), 403);
    }
    expect(await stored([answer.conv_id])).toMatchObject({ events: 2, conversations: 1 });
  });
});

describe('erasure through the conversation store', () => {
  async function createKey(scopes: string[]): Promise<string> {
    const response = await call(app, 'POST', `/api/v1/workspace/${team.tree.workspace.id}/api-key`, team.admin.token, {
      display_name: 'Forget me',
      scopes,
      resource_type: 'deployment',
      resource_id: team.tree.deployment.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CreatedApiKey>().key;
  }
  const storeCall = (path: string, apiKey: string | null, body: unknown) =>
    app.inject({ method: 'POST', url: `/api/v1${path}`, payload: body as object, headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {} });

  it("takes a key with erase_conversations, and reaches only its deployment's conversations", async () => {
    const visitor = await askShop('I am Ottilie Brandvold, laptop warranty please');
    const tried = await call(app, 'POST', `/api/v1/project/${projectId}/chat/query`, team.viewer.token, { utterance: 'Ottilie Brandvold testing' });
    expect(tried.statusCode, tried.body).toBe(200);
    const reader = await createKey(['read_conversation_store']);
    const eraser = await createKey(['erase_conversations']);

    expectError(await storeCall(conversationErasurePaths.preview, null, { value: 'Ottilie' }), 401, conversationStoreMessages.missingKey);
    expectError(await storeCall(conversationErasurePaths.preview, reader, { value: 'Ottilie' }), 403, conversationStoreMessages.wrongEraseScope);
    expectError(await storeCall(conversationErasurePaths.erase, reader, { conv_ids: [visitor.conv_id] }), 403, conversationStoreMessages.wrongEraseScope);
    expectError(await storeCall(conversationErasurePaths.preview, eraser, { value: 'Ot' }), 400, messages.atLeastChars('Value', 3));
    // An erasing key does not read.
    expect((await app.inject({ method: 'GET', url: '/api/v1/conversation-store/conv', headers: { authorization: `Bearer ${eraser}` } })).statusCode).toBe(403);

    const found = await storeCall(conversationErasurePaths.preview, eraser, { value: 'ottilie brandvold' });
    expect(found.statusCode, found.body).toBe(200);
    // The Real-Time Test's conversation is no deployment's: the key does not reach it.
    expect(found.json<ErasurePreview>()).toMatchObject({ conversations: 1, conv_ids: [visitor.conv_id] });
    const done = await storeCall(conversationErasurePaths.erase, eraser, { conv_ids: [visitor.conv_id, tried.json<ChatAnswer>().conv_id] });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<ErasureCounts>()).toEqual({ conversations: 1, events: 2, feedback: 0, test_cases: 0 });
    expect((await erasureEntries()).filter((entry) => entry.actorType === 'api_key')).toEqual([
      expect.objectContaining({ actorLabel: 'Forget me', details: done.json<ErasureCounts>() }),
    ]);
    expect(await stored([visitor.conv_id])).toMatchObject({ events: 0, conversations: 0 });
    expect(await stored([tried.json<ChatAnswer>().conv_id])).toMatchObject({ events: 2, conversations: 1 });
  });

  it('is documented in /api/docs with the API key scheme', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { security?: unknown }>> }>();
    for (const path of Object.values(conversationErasurePaths)) expect(document.paths[`/api/v1${path}`]?.post?.security, path).toEqual([{ apiKey: [] }]);
  });
});
