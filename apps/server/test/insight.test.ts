import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { insightMessages, type ChatAnswer, type Fix, type Inbox, type Topic, type TopicDetail } from '@console/contracts';
import { contents, contentUtterances, feedback, insightClusters, insightCursors, insightQuestions, insightTopics, jobs, projects, testCases } from '../src/db/schema/index';
import { call, createSignedInUser, createTestApp, createWorkspaceTree, expectError, openTestDatabase } from './helper';
import { allowOrigins, ask, deploy, insertItems, productItems, sync } from './assistant-fixtures';

/**
 * The inbox of failed questions through the API, on traffic asked through the public chat API: the
 * questions a lexical project refuses are grouped by their words into topics (in the background, as
 * they arrive), counted by window, deployment and threshold, and fixed in one click, each fix recorded
 * and checked against the next version synced.
 */

const SHOP = 'https://shop.example';
let app: FastifyInstance;
let editor: Awaited<ReturnType<typeof createSignedInUser>>;
let viewer: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase(), { jobPollMs: 50, chatMaxQueriesPerMinute: 100_000 });
  [editor, viewer] = await Promise.all([createSignedInUser(app), createSignedInUser(app)]);
});

const PARCEL = ['where is my parcel tracking number', 'parcel tracking number missing', 'my parcel tracking number does not work'];
const BITCOIN = ['can i pay with bitcoin', 'do you take bitcoin to pay', 'pay by bitcoin'];

/** A shop (products and opening hours) deployed for SHOP; lexical unless asked, so its questions group by their words. */
async function deployedShop(understanding: 'lexical' | 'semantic' = 'lexical') {
  const tree = await createWorkspaceTree(app, [
    { user: editor.user, role: 'editor' },
    { user: viewer.user, role: 'viewer' },
  ]);
  await app.ctx.db.update(projects).set({ pipelineConfig: { understanding } }).where(eq(projects.id, tree.project.id));
  const items = await insertItems(app, tree.project.id, productItems);
  await allowOrigins(app, editor.token, tree.project.id, tree.deployment.id, [SHOP]);
  await sync(app, editor.token, tree.project.id);
  const { key } = await deploy(app, editor.token, tree.project.id, tree.deployment.id);
  return { projectId: tree.project.id, deploymentId: tree.deployment.id, key, item: (subject: string) => items.find((row) => row.subject === subject)! };
}

/** Each question asked in a conversation of its own; the answers. */
async function askEach(key: string, questions: string[]): Promise<ChatAnswer[]> {
  const answers: ChatAnswer[] = [];
  for (const utterance of questions) {
    const response = await ask(app, key, { utterance });
    expect(response.statusCode, response.body).toBe(200);
    answers.push(response.json<ChatAnswer>());
  }
  return answers;
}

function inbox(projectId: string, query = '', token = viewer.token) {
  return call(app, 'GET', `/api/v1/project/${projectId}/insight${query ? `?${query}` : ''}`, token);
}

/** Waits until the grouping has taken `count` failed questions (or the inbox is as `ready` says) and none waits. */
async function grouped(projectId: string, count: number, query = '', ready = (body: Inbox) => body.question_count >= count): Promise<Inbox> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await inbox(projectId, query);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Inbox>();
    if (body.pending === 0 && ready(body)) return body;
    if (Date.now() > deadline) throw new Error(`grouping did not finish: ${response.body}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const topicWith = (body: Inbox, question: string): Topic => {
  const topic = body.records.find((record) => record.samples.some((sample) => sample.utterance === question));
  if (!topic) throw new Error(`no topic holds '${question}': ${JSON.stringify(body.records.map((record) => record.label))}`);
  return topic;
};

function fix(projectId: string, topicId: string, body: unknown, token = editor.token) {
  return call(app, 'POST', `/api/v1/project/${projectId}/insight/topic/${topicId}/fix`, token, body);
}

describe('the inbox', () => {
  it('groups the refused questions by meaning into topics with their counts, reasons and samples, for every reader', async () => {
    const shop = await deployedShop();
    await askEach(shop.key, [...PARCEL, ...BITCOIN, 'opening hours']);
    const body = await grouped(shop.projectId, 6);

    expect(body.question_count).toBe(6);
    const parcel = topicWith(body, PARCEL[0]!);
    const bitcoin = topicWith(body, BITCOIN[0]!);
    expect(parcel.id).not.toBe(bitcoin.id);
    expect(parcel.samples.map((sample) => sample.utterance).sort()).toEqual([...PARCEL].sort());
    expect(bitcoin.samples.map((sample) => sample.utterance).sort()).toEqual([...BITCOIN].sort());
    expect(parcel).toMatchObject({ question_count: 3, conversation_count: 3, impact: 9, previous_count: 0, status: 'open', fixes: [] });
    // Refused, or answered by a guess below the threshold.
    expect(parcel.failures.oos + parcel.failures.low_confidence).toBe(3);
    expect(parcel.failures).toMatchObject({ disliked: 0, error: 0 });
    expect(PARCEL).toContain(parcel.label);
    // Refusals alike but for their scores count as one reason, its differing scores written '…'.
    const refused = parcel.samples.filter((sample) => sample.refusal !== null);
    expect(parcel.reasons.reduce((sum, reason) => sum + reason.count, 0)).toBe(refused.length);
    const wording = (text: string) => text.replace(/…|\d+(\.\d+)?/g, '#');
    expect(new Set(parcel.reasons.map((reason) => wording(reason.reason))).size).toBe(parcel.reasons.length);
    expect(new Set(refused.map((sample) => wording(sample.refusal!))).size).toBe(parcel.reasons.length);
    for (const sample of parcel.samples) expect([['oos'], ['low_confidence']]).toContainEqual(sample.failures);
    // The answered question is no failure.
    expect(body.records.flatMap((record) => record.samples).some((sample) => sample.utterance === 'opening hours')).toBe(false);
  });

  it("leaves out the Real-Time Test's questions unless asked, another window's questions, and a deployment not chosen", async () => {
    const shop = await deployedShop();
    await askEach(shop.key, PARCEL);
    const realtime = await call(app, 'POST', `/api/v1/project/${shop.projectId}/chat/query`, editor.token, { utterance: 'can i pay with bitcoin' });
    expect(realtime.statusCode, realtime.body).toBe(200);

    const deployed = await grouped(shop.projectId, 3);
    expect(deployed.question_count).toBe(3);
    const all = await grouped(shop.projectId, 4, 'include_realtime=true');
    expect(all.question_count).toBe(4);

    const before = new Date(Date.now() - 86_400_000 * 30).toISOString();
    const old = await inbox(shop.projectId, `from=${before}&to=${new Date(Date.now() - 86_400_000 * 20).toISOString()}`);
    expect(old.json<Inbox>()).toMatchObject({ total: 0, question_count: 0, records: [] });
    const otherKey = await inbox(shop.projectId, 'deployment_key=no-such-key');
    expect(otherKey.json<Inbox>().question_count).toBe(0);
  });

  it('counts an answer below the threshold as failed, and one a visitor disliked whatever its confidence', async () => {
    const shop = await deployedShop();
    const [answer] = await askEach(shop.key, ['opening hours']);
    await app.ctx.db.insert(feedback).values({
      answerId: answer!.answer_id,
      projectId: shop.projectId,
      deploymentId: shop.deploymentId,
      convId: answer!.conv_id,
      answeredAt: new Date(),
      rating: 'down',
      comment: 'Not what I asked',
      updatedAt: new Date(Date.now() - 5_000),
    });
    await askEach(shop.key, PARCEL);
    const body = await grouped(shop.projectId, 4);
    const disliked = topicWith(body, 'opening hours');
    expect(disliked.failures.disliked).toBe(1);
    expect(disliked.samples[0]!.failures).toEqual(['disliked']);

    // A stored low-confidence answer counts only below the threshold chosen.
    const [stored] = await app.ctx.db.select().from(insightQuestions).where(eq(insightQuestions.answerId, answer!.answer_id));
    await app.ctx.db.update(insightQuestions).set({ failure: 'low_confidence', confidence: 0.6, disliked: 0 }).where(eq(insightQuestions.answerId, stored!.answerId));
    expect((await inbox(shop.projectId)).json<Inbox>().question_count).toBe(3);
    expect((await inbox(shop.projectId, 'threshold=0.7')).json<Inbox>().question_count).toBe(4);
    expectError(await inbox(shop.projectId, 'threshold=0.95'), 400, 'Threshold must not be greater than 0.9');
    expectError(await inbox(shop.projectId, `from=${new Date().toISOString()}&to=${new Date(Date.now() - 1000).toISOString()}`), 400, insightMessages.windowReversed);
  });

  it("shows a topic's questions, the items nearest them and the words they share", async () => {
    const shop = await deployedShop();
    await askEach(shop.key, PARCEL);
    const topic = topicWith(await grouped(shop.projectId, 3), PARCEL[0]!);
    const response = await call(app, 'GET', `/api/v1/project/${shop.projectId}/insight/topic/${topic.id}`, viewer.token);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<TopicDetail>();
    expect(detail.total).toBe(3);
    expect(detail.questions.map((question) => question.utterance).sort()).toEqual([...PARCEL].sort());
    expect(detail.shared_words.map((shared) => shared.word)).toEqual(expect.arrayContaining(['parcel', 'tracking', 'number']));

    const other = await deployedShop();
    expectError(await call(app, 'GET', `/api/v1/project/${other.projectId}/insight/topic/${topic.id}`, viewer.token), 404);
  });
});

describe('a grouping pass that outlived its lease', () => {
  it('stores nothing, and the questions are grouped by the next job', async () => {
    const shop = await deployedShop();
    const answers = await askEach(shop.key, PARCEL);
    const ours = new Set(answers.map((answer) => answer.answer_id));
    const grouper = app.ctx.insight.grouper;
    const group = grouper.group.bind(grouper);
    let passes = 0;
    const now = new Date();
    // Another process's job, running.
    const [other] = await app.ctx.db
      .insert(jobs)
      .values({ kind: 'insight_grouping', projectId: shop.projectId, status: 'running', runner: 'another process', heartbeatAt: now, startedAt: now, createdAt: now })
      .returning({ id: jobs.id });
    // While the pass groups, its lease runs out and that job takes the project (as on a saturated server).
    grouper.group = async (state, clusters, questions) => {
      const result = await group(state, clusters, questions);
      if (questions.some((question) => ours.has(question.id)) && passes++ === 0) {
        await app.ctx.db.update(insightCursors).set({ leaseHolder: other!.id }).where(eq(insightCursors.projectId, shop.projectId));
      }
      return result;
    };
    try {
      // The job of that pass ends, and so does any queued since: the other job holds the project.
      for (let tries = 0; ; tries++) {
        const unfinished = await app.ctx.db
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(eq(jobs.kind, 'insight_grouping'), eq(jobs.projectId, shop.projectId), inArray(jobs.status, ['queued', 'running'])));
        if (passes > 0 && unfinished.length === 1) break;
        if (tries > 300) throw new Error('the grouping never ended');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const ended = await app.ctx.db.select({ status: jobs.status }).from(jobs).where(and(eq(jobs.kind, 'insight_grouping'), eq(jobs.projectId, shop.projectId), ne(jobs.id, other!.id)));
      expect(ended.map((job) => job.status)).toEqual(ended.map(() => 'succeeded'));
      const stored = await app.ctx.db.select({ clusterId: insightQuestions.clusterId }).from(insightQuestions).where(eq(insightQuestions.projectId, shop.projectId));
      expect(stored).toEqual(PARCEL.map(() => ({ clusterId: null })));
      expect(await app.ctx.db.select().from(insightClusters).where(eq(insightClusters.projectId, shop.projectId))).toEqual([]);
      expect(await app.ctx.db.select().from(insightTopics).where(eq(insightTopics.projectId, shop.projectId))).toEqual([]);
      expect((await inbox(shop.projectId)).json<Inbox>()).toMatchObject({ question_count: 0, pending: 3 });

      // The other job ends without letting go (its process stopped); the next failure's grouping takes every question waiting.
      await app.ctx.db.update(jobs).set({ status: 'succeeded', finishedAt: new Date() }).where(eq(jobs.id, other!.id));
      await askEach(shop.key, BITCOIN.slice(0, 1));
      const body = await grouped(shop.projectId, 4);
      expect(topicWith(body, PARCEL[0]!).question_count).toBe(3);
    } finally {
      grouper.group = group;
    }
  });
});

describe('topics of a semantic project', () => {
  it('groups questions by meaning, and a topic whose questions join another topic hands it its fixes', { timeout: 120_000 }, async () => {
    const shop = await deployedShop('semantic');
    await askEach(shop.key, [...PARCEL, ...BITCOIN]);
    const body = await grouped(shop.projectId, 6);
    const parcel = topicWith(body, PARCEL[0]!);
    expect(parcel.samples.map((sample) => sample.utterance).sort()).toEqual([...PARCEL].sort());
    expect(topicWith(body, BITCOIN[0]!).samples.map((sample) => sample.utterance).sort()).toEqual([...BITCOIN].sort());

    // A second topic of the parcel's meaning, as topics made before this grouping can be: one
    // question of its own, in a cluster where the parcel's questions sit, and a fix.
    const db = app.ctx.db;
    const [cluster] = await db.select().from(insightClusters).where(eq(insightClusters.topicId, parcel.id)).orderBy(desc(insightClusters.size)).limit(1);
    const [question] = await db.select().from(insightQuestions).where(eq(insightQuestions.clusterId, cluster!.id)).limit(1);
    const older = { topicId: randomUUID(), clusterId: randomUUID() };
    await db.insert(insightTopics).values({ id: older.topicId, projectId: shop.projectId, label: question!.utterance, size: 1 });
    await db.insert(insightClusters).values({ id: older.clusterId, projectId: shop.projectId, topicId: older.topicId, label: question!.utterance, size: 1, centre: cluster!.centre });
    await db.insert(insightQuestions).values({ ...question!, answerId: randomUUID(), convId: randomUUID(), clusterId: older.clusterId, topicId: older.topicId });
    const fixed = await fix(shop.projectId, older.topicId, { kind: 'test_cases', expect: { type: 'out_of_scope' } });
    expect(fixed.statusCode, fixed.body).toBe(201);

    // The next batch regroups the clusters: the parcel topic, which held most of them, takes the other's.
    await askEach(shop.key, ['do you sell gift vouchers']);
    const after = await grouped(shop.projectId, 8);
    expect(topicWith(after, PARCEL[0]!)).toMatchObject({ id: parcel.id, question_count: 4, fixes: [expect.objectContaining({ kind: 'test_cases' })] });
    expect(after.records.some((record) => record.id === older.topicId)).toBe(false);
    expectError(await call(app, 'GET', `/api/v1/project/${shop.projectId}/insight/topic/${older.topicId}`, viewer.token), 404);
    const [moved] = await db.select().from(insightClusters).where(eq(insightClusters.id, older.clusterId));
    expect(moved!.topicId).toBe(parcel.id);
  });
});

describe('fixes', () => {
  it("adds the questions to an item's utterances, once, records who did it, and after the next sync shows them answered by it", async () => {
    const shop = await deployedShop();
    await askEach(shop.key, PARCEL);
    const topic = topicWith(await grouped(shop.projectId, 3), PARCEL[0]!);
    const item = shop.item('Store opening hours');

    expectError(await fix(shop.projectId, topic.id, { kind: 'add_utterances', content_id: item.id }, viewer.token), 403);
    const first = await fix(shop.projectId, topic.id, { kind: 'add_utterances', content_id: item.id });
    expect(first.statusCode, first.body).toBe(201);
    const { fix: made, topic: after } = first.json<{ fix: Fix; topic: Topic }>();
    expect(made).toMatchObject({
      kind: 'add_utterances',
      summary: "3 utterances added to 'Store opening hours'",
      content_id: item.id,
      question_count: 3,
      created_by: editor.user.id,
      check: { status: 'waiting_for_sync', version: null, passed: 0, total: 0 },
    });
    expect(after.status).toBe('fixed');
    const again = await fix(shop.projectId, topic.id, { kind: 'add_utterances', content_id: item.id });
    expect(again.json<{ fix: Fix }>().fix.summary).toBe("0 utterances added to 'Store opening hours' (3 it already had)");
    const stored = await app.ctx.db.select({ text: contentUtterances.text }).from(contentUtterances).where(eq(contentUtterances.contentId, item.id));
    expect(stored.map((row) => row.text)).toEqual(expect.arrayContaining(PARCEL));
    expect(stored).toHaveLength(3 + PARCEL.length);

    await sync(app, editor.token, shop.projectId);
    const deadline = Date.now() + 30_000;
    let checked: Fix | undefined;
    while (Date.now() < deadline) {
      const body = await call(app, 'GET', `/api/v1/project/${shop.projectId}/insight/topic/${topic.id}`, viewer.token);
      checked = body.json<TopicDetail>().topic.fixes[0];
      if (checked?.check?.status === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(checked?.check).toEqual({ status: 'done', version: 2, passed: 3, total: 3 });
  });

  it('refuses an item deleted meanwhile with 409 and writes nothing', async () => {
    const shop = await deployedShop();
    await askEach(shop.key, PARCEL);
    const topic = topicWith(await grouped(shop.projectId, 3), PARCEL[0]!);
    const item = shop.item('phone battery');
    await app.ctx.db.delete(contents).where(eq(contents.id, item.id));
    expectError(await fix(shop.projectId, topic.id, { kind: 'add_utterances', content_id: item.id }), 409, insightMessages.itemGone);
    expectError(await fix(shop.projectId, topic.id, { kind: 'test_cases', expect: { type: 'content', content_id: item.id } }), 409, insightMessages.itemGone);
    const detail = await call(app, 'GET', `/api/v1/project/${shop.projectId}/insight/topic/${topic.id}`, viewer.token);
    expect(detail.json<TopicDetail>().topic.fixes).toEqual([]);
    expect(await app.ctx.db.select().from(testCases).where(eq(testCases.projectId, shop.projectId))).toEqual([]);
  });

  it('makes a new item of the chosen questions, a jargon mapping, out-of-scope examples and test cases', async () => {
    const shop = await deployedShop();
    const answers = await askEach(shop.key, [...PARCEL, ...BITCOIN]);
    const body = await grouped(shop.projectId, 6);
    const parcel = topicWith(body, PARCEL[0]!);
    const bitcoin = topicWith(body, BITCOIN[0]!);

    const created = await fix(shop.projectId, parcel.id, { kind: 'new_content', subject: 'Parcel tracking', answer_ids: [answers[0]!.answer_id, answers[1]!.answer_id] });
    expect(created.statusCode, created.body).toBe(201);
    const newItem = created.json<{ fix: Fix }>().fix;
    expect(newItem).toMatchObject({ kind: 'new_content', summary: "New content item 'Parcel tracking' with 2 utterances", question_count: 2 });
    const utterances = await app.ctx.db.select({ text: contentUtterances.text }).from(contentUtterances).where(eq(contentUtterances.contentId, newItem.content_id!));
    expect(utterances.map((row) => row.text).sort()).toEqual([PARCEL[0]!, PARCEL[1]!].sort());
    expectError(await fix(shop.projectId, parcel.id, { kind: 'new_content', subject: 'Elsewhere', answer_ids: [answers[3]!.answer_id] }), 400, insightMessages.noQuestions);

    const jargon = await fix(shop.projectId, parcel.id, { kind: 'jargon', keyword: 'delivery', terms: ['parcel'] });
    expect(jargon.statusCode, jargon.body).toBe(201);
    const [project] = await app.ctx.db.select({ jargon: projects.jargon, pipelineConfig: projects.pipelineConfig }).from(projects).where(eq(projects.id, shop.projectId));
    expect(project!.jargon.mappings).toEqual([{ keyword: 'delivery', terms: ['parcel'] }]);
    expectError(await fix(shop.projectId, bitcoin.id, { kind: 'jargon', keyword: 'payment', terms: ['parcel'] }), 400, 'Term already exists in another mapping');

    const oos = await fix(shop.projectId, bitcoin.id, { kind: 'out_of_scope' });
    expect(oos.json<{ fix: Fix }>().fix.summary).toBe('3 questions added to the out-of-scope examples');
    const [withExamples] = await app.ctx.db.select({ pipelineConfig: projects.pipelineConfig }).from(projects).where(eq(projects.id, shop.projectId));
    expect((withExamples!.pipelineConfig.out_of_scope_examples as string[]).sort()).toEqual([...BITCOIN].sort());
    expect(withExamples!.pipelineConfig.understanding).toBe('lexical');

    const cases = await fix(shop.projectId, bitcoin.id, { kind: 'test_cases', expect: { type: 'out_of_scope' } });
    expect(cases.json<{ fix: Fix }>().fix.summary).toBe('3 test cases expecting out of scope');
    const stored = await app.ctx.db.select().from(testCases).where(and(eq(testCases.projectId, shop.projectId), eq(testCases.expectType, 'out_of_scope')));
    expect(stored.map((row) => row.question).sort()).toEqual([...BITCOIN].sort());
  });

  it('dismisses a topic until a new question joins it', async () => {
    const shop = await deployedShop();
    await askEach(shop.key, PARCEL.slice(0, 2));
    const topic = topicWith(await grouped(shop.projectId, 2), PARCEL[0]!);
    const dismissed = await fix(shop.projectId, topic.id, { kind: 'dismiss' });
    expect(dismissed.json<{ topic: Topic }>().topic.status).toBe('dismissed');
    expect((await inbox(shop.projectId)).json<Inbox>().records).toEqual([]);
    expect((await inbox(shop.projectId, 'include_dismissed=true')).json<Inbox>().records.map((record) => record.id)).toEqual([topic.id]);

    // Another visitor asks one of its questions again: it joins the topic, which comes back.
    await askEach(shop.key, [PARCEL[0]!]);
    const back = await grouped(shop.projectId, 0, 'threshold=0.9', (body) => body.records.length > 0);
    expect(back.records.map((record) => record.id)).toEqual([topic.id]);
    expect(back.records[0]!.status).toBe('open');
    const [row] = await app.ctx.db.select().from(insightTopics).where(eq(insightTopics.id, topic.id));
    expect(row!.dismissedBy).toBe(editor.user.id);
  });
});
