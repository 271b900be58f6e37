import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { kbFromPlainText, sequenceMessages } from '@console/contracts';
import { intents, projects, scenarios, sequences, slots, snapshots } from '../src/db/schema/index';
import { call, countRows, createSignedInUser, createTestApp, createWorkspaceTree, expectError, openTestDatabase } from './helper';
import { insertItems, sync } from './assistant-fixtures';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

let app: FastifyInstance;
let editor: SignedIn;
let viewer: SignedIn;

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase());
  [editor, viewer] = await Promise.all([createSignedInUser(app), createSignedInUser(app)]);
});

async function newProject() {
  return createWorkspaceTree(app, [
    { user: editor.user, role: 'editor' },
    { user: viewer.user, role: 'viewer' },
  ]);
}

async function storedSnapshots(projectId: string) {
  return app.ctx.db.select().from(snapshots).where(eq(snapshots.projectId, projectId));
}

describe('POST /project/{id}/sync', () => {
  it('stores what the project holds now as a snapshot and sets synced_at, leaving the Modified time', async () => {
    const { project } = await newProject();
    await app.ctx.db
      .update(projects)
      .set({
        responseWordCutoff: 50,
        outOfScopeResponse: 'Ask me about our shop.',
        handoffMessage: 'Mail help@shop.example.',
        pipelineConfig: { oos_threshold: 0.5 },
        jargon: { mappings: [{ keyword: 'refund', terms: ['money back'] }] },
      })
      .where(eq(projects.id, project.id));
    const [before] = await app.ctx.db.select().from(projects).where(eq(projects.id, project.id));
    const [returns, , hidden] = await insertItems(app, project.id, [
      {
        subject: 'Returns',
        response: 'Send it back within 30 days.',
        utterances: ['how do I return an item', 'refund'],
        actions: [{ type: 'event', label: 'Talk to us', event: 'handoff' }],
      },
      { subject: 'Shipping', utterances: ['how long does delivery take'] },
      { subject: 'Old promotion', utterances: ['summer sale'], status: 'inactive' },
      { subject: 'Pulled page', status: 'candidate' },
    ]);
    const [slot] = await app.ctx.db.insert(slots).values({ projectId: project.id, name: 'colour', terms: ['red', 'blue'] }).returning();

    const answer = await sync(app, editor.token, project.id);
    expect(answer.stats).toMatchObject({ contents: 2, intents: 0, utterances: 3 });

    const stored = await storedSnapshots(project.id);
    expect(stored.map((row) => row.id)).toEqual([answer.snapshot_id]);
    expect(stored[0]!.createdBy).toBe(editor.user.id);
    const data = stored[0]!.data;
    expect(data.settings).toEqual({
      response_word_cutoff: 50,
      out_of_scope_response: 'Ask me about our shop.',
      handoff_message: 'Mail help@shop.example.',
      pipeline_config: { oos_threshold: 0.5 },
    });
    expect(data.jargon).toEqual({ mappings: [{ keyword: 'refund', terms: ['money back'] }] });
    expect(data.intents).toEqual([]);
    expect(data.slots).toEqual([
      { id: slot!.id, name: 'colour', type: 'terms', terms: ['red', 'blue'], pattern: '', locale: 'en-US', prompt: '', reprompt: '', max_attempts: 2 },
    ]);
    // Active content only, its response as KB nodes, with its utterances and actions.
    expect(data.contents.map((item) => item.subject)).toEqual(['Returns', 'Shipping']);
    expect(data.contents.some((item) => item.id === hidden!.id)).toBe(false);
    expect(data.contents[0]).toEqual({
      id: returns!.id,
      reporting_id: returns!.reportingId,
      subject: 'Returns',
      response: kbFromPlainText('Send it back within 30 days.'),
      utterances: ['how do I return an item', 'refund'],
      actions: [{ type: 'event', label: 'Talk to us', event: 'handoff' }],
    });

    const [after] = await app.ctx.db.select().from(projects).where(eq(projects.id, project.id));
    expect(after!.syncedAt?.toISOString()).toBe(answer.synced_at);
    expect(after!.updatedAt).toEqual(before!.updatedAt);
    const read = await call(app, 'GET', `/api/v1/project/${project.id}`, viewer.token);
    expect(read.json()).toMatchObject({ synced_at: answer.synced_at });
  });

  it('compiles the sequences, the active scenarios and the intents the flows use; a flow naming a deleted slot or intent is a sync error', async () => {
    const { project } = await newProject();
    const { db } = app.ctx;
    const [bike] = await db.insert(slots).values({ projectId: project.id, name: 'bike type', terms: ['road bike', 'mountain bike'] }).returning();
    const [book, unused] = await db
      .insert(intents)
      .values([
        { projectId: project.id, intent: 'book a repair', utterances: ['I need a repair'] },
        { projectId: project.id, intent: 'say hello', utterances: ['hello'] },
      ])
      .returning();
    const node = {
      id: crypto.randomUUID(),
      name: 'Ask',
      position: { x: 0, y: 0 },
      attributes: [
        { type: 'entry_intents' as const, intents: [book!.id] },
        { type: 'collect_slots' as const, slots: [{ slot_id: bike!.id, prompt: 'Which bike?', reprompt: '', max_attempts: null }] },
      ],
    };
    const [flow] = await db.insert(sequences).values({ projectId: project.id, name: 'Repairs', nodes: [node], transitions: [] }).returning();
    const scenarioNode = { id: crypto.randomUUID(), sequence_id: flow!.id, position: { x: 0, y: 0 } };
    await db.insert(scenarios).values([
      { projectId: project.id, displayName: 'Workshop', status: 'active', combination: 'one-all', nodes: [scenarioNode], transitions: [] },
      { projectId: project.id, displayName: 'Sketch', status: 'draft', nodes: [], transitions: [] },
    ]);

    const answer = await sync(app, editor.token, project.id);
    expect(answer.stats).toMatchObject({ intents: 1, utterances: 1 });
    const [stored] = await storedSnapshots(project.id);
    expect(stored!.data.intents).toEqual([{ id: book!.id, intent: 'book a repair', utterances: ['I need a repair'] }]);
    expect(stored!.data.intents.some((intent) => intent.id === unused!.id)).toBe(false);
    expect(stored!.data.sequences).toEqual([{ id: flow!.id, name: 'Repairs', nodes: [node], transitions: [] }]);
    expect(stored!.data.scenarios).toEqual([
      { id: expect.any(String), display_name: 'Workshop', combination: 'one-all', nodes: [{ id: scenarioNode.id, sequence_id: flow!.id }], transitions: [] },
    ]);

    await db.delete(slots).where(eq(slots.id, bike!.id));
    expectError(await call(app, 'POST', `/api/v1/project/${project.id}/sync`, editor.token), 400, sequenceMessages.deletedSlot('Repairs', 'Ask'));
    await db.update(sequences).set({ nodes: [{ ...node, attributes: [node.attributes[0]!] }] }).where(eq(sequences.id, flow!.id));
    await db.delete(intents).where(eq(intents.id, book!.id));
    expectError(await call(app, 'POST', `/api/v1/project/${project.id}/sync`, editor.token), 400, sequenceMessages.deletedIntent('Repairs', 'Ask'));
    expect(await storedSnapshots(project.id)).toHaveLength(1);
  });

  it('makes a new snapshot at every sync and keeps the earlier ones (deployments may still use them)', async () => {
    const { project } = await newProject();
    await insertItems(app, project.id, [{ subject: 'Returns', utterances: ['refund'] }]);
    const first = await sync(app, editor.token, project.id);
    const second = await sync(app, editor.token, project.id);
    expect(second.snapshot_id).not.toBe(first.snapshot_id);
    expect((await storedSnapshots(project.id)).map((row) => row.id).sort()).toEqual([first.snapshot_id, second.snapshot_id].sort());
  });

  it('syncs a project without content (every question is then out of scope)', async () => {
    const { project } = await newProject();
    const answer = await sync(app, editor.token, project.id);
    expect(answer.stats).toEqual({ contents: 0, intents: 0, utterances: 0, embedded: 0, reused: 0 });
  });

  it('refuses viewers (403), strangers (404) and a bad id (400), writing nothing', async () => {
    const { project } = await newProject();
    const stranger = await createSignedInUser(app);
    expectError(await call(app, 'POST', `/api/v1/project/${project.id}/sync`, viewer.token), 403);
    expectError(await call(app, 'POST', `/api/v1/project/${project.id}/sync`, stranger.token), 404);
    expectError(await call(app, 'POST', '/api/v1/project/not-a-uuid/sync', editor.token), 400, 'Id must be a valid UUID.');
    expectError(await call(app, 'POST', `/api/v1/project/${project.id}/sync`), 401);
    expect(await storedSnapshots(project.id)).toEqual([]);
    const [row] = await app.ctx.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row!.syncedAt).toBeNull();
  });

  it('writes nothing when the snapshot does not compile', async () => {
    const { project } = await newProject();
    await insertItems(app, project.id, [{ subject: 'Returns', utterances: ['refund'] }]);
    const before = await countRows(app, snapshots);
    const compile = vi.spyOn(app.ctx.assistant.indexes, 'compile').mockRejectedValueOnce(new Error('the engine broke'));
    try {
      expectError(await call(app, 'POST', `/api/v1/project/${project.id}/sync`, editor.token), 500);
    } finally {
      compile.mockRestore();
    }
    expect(await countRows(app, snapshots)).toBe(before);
    const [row] = await app.ctx.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row!.syncedAt).toBeNull();
  });

  it('keeps answering other requests while a large project compiles', async () => {
    const { project } = await newProject();
    // Lexical: embedding 15,000 texts would take a minute of the test run (the embedding workers are measured in bench/).
    await app.ctx.db.update(projects).set({ pipelineConfig: { understanding: 'lexical' } }).where(eq(projects.id, project.id));
    // 150 items x 100 utterances: seconds of compiling.
    await insertItems(
      app,
      project.id,
      Array.from({ length: 150 }, (_, item) => ({
        subject: `Topic ${item}`,
        utterances: Array.from({ length: 100 }, (_, n) => `question ${n} about topic${item} and subject${(item * 7 + n) % 211}`),
      })),
    );
    const compiler = app.ctx.assistant.indexes;
    const compiling = vi.spyOn(compiler, 'compile');
    let synced = false;
    const syncing = call(app, 'POST', `/api/v1/project/${project.id}/sync`, editor.token).then((response) => {
      synced = true;
      return response;
    });
    try {
      await vi.waitFor(() => expect(compiling).toHaveBeenCalled(), { timeout: 30_000, interval: 5 });
      const compile = compiling.mock.results[0]!.value as Promise<unknown>;
      let compiled = false;
      void compile.then(() => (compiled = true), () => (compiled = true));
      // Served while the compile runs in the worker: the request thread is free.
      const read = await call(app, 'GET', `/api/v1/project/${project.id}`, viewer.token);
      expect(read.statusCode).toBe(200);
      expect(compiled).toBe(false);
      expect(synced).toBe(false);
    } finally {
      compiling.mockRestore();
    }
    const response = await syncing;
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ stats: { contents: 150, utterances: 15_000 } });
  }, 120_000);
});
