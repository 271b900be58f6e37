import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  kbFromPlainText,
  kbToPm,
  VERSIONS_KEPT,
  type ListResponse,
  type RealtimeAnswer,
  type Snapshot,
  type SyncStatus,
  type Version,
  type VersionDiff,
} from '@console/contracts';
import {
  contentActions,
  contents,
  contentUtterances,
  deployHistory,
  deployments,
  intents,
  projects,
  replays,
  scenarios,
  sequences,
  slots,
  snapshots,
  testRuns,
} from '../src/db/schema/index';
import { call, createSignedInUser, createTestApp, createWorkspaceTree, expectError, openTestDatabase } from './helper';
import { deploy, insertItems } from './assistant-fixtures';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

let app: FastifyInstance;
let editor: SignedIn;
let viewer: SignedIn;

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase());
  [editor, viewer] = await Promise.all([createSignedInUser(app, { displayName: 'Eve Editor' }), createSignedInUser(app)]);
});

/** A project answering by words alone (no sentence vectors to embed: quicker syncs). */
async function newProject() {
  const tree = await createWorkspaceTree(app, [
    { user: editor.user, role: 'editor' },
    { user: viewer.user, role: 'viewer' },
  ]);
  await app.ctx.db.update(projects).set({ pipelineConfig: { understanding: 'lexical' } }).where(eq(projects.id, tree.project.id));
  return tree;
}

const api = (projectId: string, path = '') => `/api/v1/project/${projectId}${path}`;

async function syncWith(projectId: string, note?: string) {
  const response = await call(app, 'POST', api(projectId, '/sync'), editor.token, note === undefined ? undefined : { note });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ snapshot_id: string; version: number }>();
}

async function diffOf(projectId: string, number: number, query = '') {
  const response = await call(app, 'GET', api(projectId, `/version/${number}/diff${query}`), viewer.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<VersionDiff>();
}

describe('versions', () => {
  it('numbers every sync 1, 2, 3 per project, with its note, syncer and counts; two syncs at once get two numbers', async () => {
    const { project } = await newProject();
    await insertItems(app, project.id, [{ subject: 'Returns', utterances: ['refund', 'send it back'] }, { subject: 'Shipping' }]);
    expect(await syncWith(project.id, 'First cut')).toMatchObject({ version: 1 });
    expect(await syncWith(project.id)).toMatchObject({ version: 2 });
    const together = await Promise.all([syncWith(project.id), syncWith(project.id)]);
    expect(together.map((answer) => answer.version).sort()).toEqual([3, 4]);
    // Another project counts from 1.
    const other = await newProject();
    expect(await syncWith(other.project.id)).toMatchObject({ version: 1 });

    const listed = await call(app, 'GET', api(project.id, '/version'), editor.token);
    expect(listed.statusCode, listed.body).toBe(200);
    const { records, total } = listed.json<ListResponse<Version>>();
    expect(total).toBe(4);
    expect(records.map((version) => version.number)).toEqual([4, 3, 2, 1]);
    expect(records[3]).toMatchObject({
      note: 'First cut',
      created_by: editor.user.id,
      created_by_name: 'Eve Editor',
      counts: { contents: 2, intents: 0, utterances: 2, slots: 0, sequences: 0 },
      deployments: [],
    });
    const filtered = (await call(app, 'GET', api(project.id, '/version?note__like=first'), viewer.token)).json<ListResponse<Version>>();
    expect(filtered.records.map((version) => version.number)).toEqual([1]);
    // Who synced, like who deployed, is for those who may update the project.
    expect(filtered.records[0]).toMatchObject({ created_by: null, created_by_name: null });
  });

  it('reads a version by number with the deployments answering from it; unknown, another project’s and malformed numbers are refused', async () => {
    const { project, deployment } = await newProject();
    const other = await newProject();
    await syncWith(project.id);
    await syncWith(other.project.id);
    await syncWith(other.project.id);
    await deploy(app, editor.token, project.id, deployment.id);

    const one = await call(app, 'GET', api(project.id, '/version/1'), viewer.token);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<Version>()).toMatchObject({ number: 1, deployments: [{ id: deployment.id, display_name: 'Production' }] });
    const listed = (await call(app, 'GET', api(project.id, '/version'), viewer.token)).json<ListResponse<Version>>();
    expect(listed.records[0]!.deployments).toEqual([{ id: deployment.id, display_name: 'Production' }]);

    // The other project has a version 2; this one does not.
    expectError(await call(app, 'GET', api(project.id, '/version/2'), viewer.token), 404);
    expectError(await call(app, 'GET', api(project.id, '/version/2/diff'), viewer.token), 404);
    expectError(await call(app, 'GET', api(project.id, '/version/1/diff?against=2'), viewer.token), 404);
    expectError(await call(app, 'GET', api(project.id, '/version/zero'), viewer.token), 400, 'Number must be a version number');
    expectError(await call(app, 'GET', api(project.id, '/version/1/diff?against=0'), viewer.token), 400, 'Against must be a version number');
    const stranger = await createSignedInUser(app);
    expectError(await call(app, 'GET', api(project.id, '/version/1'), stranger.token), 404);
  });
});

describe('a version’s diff', () => {
  it('names exactly what changed in every kind of item, from the version given', async () => {
    const { project } = await newProject();
    const { db } = app.ctx;
    await db
      .update(projects)
      .set({
        responseWordCutoff: 50,
        outOfScopeResponse: 'Ask me about our shop.',
        handoffMessage: 'Mail help@shop.example.',
        pipelineConfig: { understanding: 'lexical', oos_threshold: 0.5 },
        jargon: {
          mappings: [
            { keyword: 'refund', terms: ['money back'] },
            { keyword: 'bike', terms: ['bicycle'] },
          ],
        },
      })
      .where(eq(projects.id, project.id));
    const [returns, shipping, giftCards] = await insertItems(app, project.id, [
      {
        subject: 'Returns',
        response: 'Send it back within 30 days.',
        utterances: ['refund', 'return an item'],
        actions: [{ type: 'query', label: 'Shipping', utterance: 'How long does shipping take?' }],
      },
      { subject: 'Shipping', utterances: ['delivery time'] },
      { subject: 'Gift cards', utterances: ['gift card'], status: 'inactive' },
    ]);
    const [book] = await db.insert(intents).values({ projectId: project.id, intent: 'book a repair', utterances: ['I need a repair'] }).returning();
    const [bike] = await db.insert(slots).values({ projectId: project.id, name: 'bike type', terms: ['road bike', 'mountain bike'] }).returning();
    const start = { id: randomUUID(), name: 'Start', position: { x: 0, y: 0 }, attributes: [{ type: 'entry_intents' as const, intents: [book!.id] }] };
    const ask = (slotsCollected: { slot_id: string; prompt: string }[]) => ({
      id: askId,
      name: 'Ask',
      position: { x: 0, y: 100 },
      attributes: [{ type: 'collect_slots' as const, slots: slotsCollected.map((slot) => ({ ...slot, reprompt: '', max_attempts: null })) }],
    });
    const askId = randomUUID();
    const startToAsk = { id: randomUUID(), source: start.id, target: askId };
    const [repairs] = await db
      .insert(sequences)
      .values({ projectId: project.id, name: 'Repairs', nodes: [start, ask([{ slot_id: bike!.id, prompt: '' }])], transitions: [startToAsk] })
      .returning();
    const [workshop] = await db
      .insert(scenarios)
      .values({ projectId: project.id, displayName: 'Workshop', status: 'active', combination: 'one-all', nodes: [{ id: randomUUID(), sequence_id: repairs!.id, position: { x: 0, y: 0 } }], transitions: [] })
      .returning();
    await syncWith(project.id);

    // Every kind of item changes.
    const changedResponse = kbFromPlainText('Send it back within 60 days.');
    await db.update(contents).set({ subject: 'Returns and refunds', responsePm: kbToPm(changedResponse) }).where(eq(contents.id, returns!.id));
    await db.delete(contentUtterances).where(and(eq(contentUtterances.contentId, returns!.id), eq(contentUtterances.text, 'return an item')));
    await db.insert(contentUtterances).values({ contentId: returns!.id, text: 'send it back' });
    await db.delete(contentActions).where(eq(contentActions.contentId, returns!.id));
    await db.insert(contentActions).values({ contentId: returns!.id, type: 'event', config: { label: 'Talk to us', event: 'handoff' } as never });
    await db.update(contents).set({ status: 'inactive' }).where(eq(contents.id, shipping!.id));
    await db.update(contents).set({ status: 'active' }).where(eq(contents.id, giftCards!.id));
    await db.update(intents).set({ utterances: ['I need a repair', 'my bike is broken'] }).where(eq(intents.id, book!.id));
    const [cancel] = await db.insert(intents).values({ projectId: project.id, intent: 'cancel a repair', utterances: ['cancel it'] }).returning();
    await db.update(slots).set({ terms: ['road bike', 'mountain bike', 'e-bike'], prompt: 'Which bike do you ride?' }).where(eq(slots.id, bike!.id));
    const [email] = await db.insert(slots).values({ projectId: project.id, name: 'email', type: 'email', terms: [] }).returning();
    const confirm = { id: randomUUID(), name: 'Confirm', position: { x: 0, y: 200 }, attributes: [{ type: 'follow_up_intents' as const, intents: [cancel!.id] }] };
    await db
      .update(sequences)
      .set({
        nodes: [start, ask([{ slot_id: bike!.id, prompt: 'Which bike?' }, { slot_id: email!.id, prompt: '' }]), confirm],
        transitions: [startToAsk, { id: randomUUID(), source: askId, target: confirm.id }],
      })
      .where(eq(sequences.id, repairs!.id));
    await db.update(scenarios).set({ displayName: 'Workshop hours', combination: 'any-all' }).where(eq(scenarios.id, workshop!.id));
    await db
      .update(projects)
      .set({
        responseWordCutoff: 80,
        outOfScopeResponse: 'Ask me about bikes.',
        pipelineConfig: { understanding: 'lexical', oos_threshold: 0.4 },
        jargon: {
          mappings: [
            { keyword: 'refund', terms: ['money back', 'reimbursement'] },
            { keyword: 'parcel', terms: ['package'] },
          ],
        },
      })
      .where(eq(projects.id, project.id));
    await syncWith(project.id);

    const diff = await diffOf(project.id, 2, '?against=1');
    expect(diff.from).toBe(1);
    expect(diff.to).toBe(2);
    expect(diff.items).toEqual([
      {
        kind: 'content',
        change: 'changed',
        id: returns!.id,
        name: 'Returns and refunds',
        fields: [
          { field: 'Subject', before: 'Returns', after: 'Returns and refunds' },
          { field: 'Response', before: 'Send it back within 30 days.', after: 'Send it back within 60 days.' },
        ],
        lists: [
          { field: 'Utterances', added: ['send it back'], removed: ['return an item'] },
          { field: 'Actions', added: ['Talk to us (event "handoff")'], removed: ['Shipping (asks "How long does shipping take?")'] },
        ],
      },
      // Activated since: a version holds only active content.
      {
        kind: 'content',
        change: 'added',
        id: giftCards!.id,
        name: 'Gift cards',
        fields: [
          { field: 'Subject', before: null, after: 'Gift cards' },
          { field: 'Response', before: null, after: 'Gift cards: the answer.' },
        ],
        lists: [{ field: 'Utterances', added: ['gift card'], removed: [] }],
      },
      // Deactivated since.
      {
        kind: 'content',
        change: 'removed',
        id: shipping!.id,
        name: 'Shipping',
        fields: [
          { field: 'Subject', before: 'Shipping', after: null },
          { field: 'Response', before: 'Shipping: the answer.', after: null },
        ],
        lists: [{ field: 'Utterances', added: [], removed: ['delivery time'] }],
      },
      { kind: 'intent', change: 'changed', id: book!.id, name: 'book a repair', fields: [], lists: [{ field: 'Utterances', added: ['my bike is broken'], removed: [] }] },
      {
        kind: 'intent',
        change: 'added',
        id: cancel!.id,
        name: 'cancel a repair',
        fields: [{ field: 'Name', before: null, after: 'cancel a repair' }],
        lists: [{ field: 'Utterances', added: ['cancel it'], removed: [] }],
      },
      {
        kind: 'slot',
        change: 'changed',
        id: bike!.id,
        name: 'bike type',
        fields: [{ field: 'Prompt', before: '', after: 'Which bike do you ride?' }],
        lists: [{ field: 'Terms', added: ['e-bike'], removed: [] }],
      },
      {
        kind: 'slot',
        change: 'added',
        id: email!.id,
        name: 'email',
        fields: [
          { field: 'Name', before: null, after: 'email' },
          { field: 'Type', before: null, after: 'email' },
          { field: 'Locale', before: null, after: 'en-US' },
          { field: 'Max attempts', before: null, after: '2' },
        ],
        lists: [],
      },
      { kind: 'jargon', change: 'changed', id: 'refund', name: 'refund', fields: [], lists: [{ field: 'Terms', added: ['reimbursement'], removed: [] }] },
      { kind: 'jargon', change: 'added', id: 'parcel', name: 'parcel', fields: [], lists: [{ field: 'Terms', added: ['package'], removed: [] }] },
      { kind: 'jargon', change: 'removed', id: 'bike', name: 'bike', fields: [], lists: [{ field: 'Terms', added: [], removed: ['bicycle'] }] },
      {
        kind: 'sequence',
        change: 'changed',
        id: repairs!.id,
        name: 'Repairs',
        fields: [
          { field: 'Node "Ask"', before: 'Collect Slots: bike type', after: 'Collect Slots: bike type (prompt "Which bike?"), email' },
          { field: 'Node "Confirm"', before: null, after: 'Follow-up Intents: cancel a repair' },
        ],
        lists: [
          { field: 'Nodes', added: ['Confirm'], removed: [] },
          { field: 'Transitions', added: ['Ask → Confirm'], removed: [] },
        ],
      },
      {
        kind: 'scenario',
        change: 'changed',
        id: workshop!.id,
        name: 'Workshop hours',
        fields: [
          { field: 'Name', before: 'Workshop', after: 'Workshop hours' },
          { field: 'Combination', before: 'one-all', after: 'any-all' },
        ],
        lists: [],
      },
      {
        kind: 'setting',
        change: 'changed',
        id: 'pipeline_config',
        name: 'Pipeline config',
        fields: [
          {
            field: 'Pipeline config',
            before: '{\n  "oos_threshold": 0.5,\n  "understanding": "lexical"\n}',
            after: '{\n  "oos_threshold": 0.4,\n  "understanding": "lexical"\n}',
          },
        ],
        lists: [],
      },
      { kind: 'setting', change: 'changed', id: 'response_word_cutoff', name: 'Word cutoff', fields: [{ field: 'Word cutoff', before: '50', after: '80' }], lists: [] },
      {
        kind: 'setting',
        change: 'changed',
        id: 'out_of_scope_response',
        name: 'Out-of-scope response',
        fields: [{ field: 'Out-of-scope response', before: 'Ask me about our shop.', after: 'Ask me about bikes.' }],
        lists: [],
      },
    ]);

    // From the newer to the older, every change turns around.
    const back = await diffOf(project.id, 1, '?against=2');
    expect(back.items.map((item) => `${item.kind} ${item.change} ${item.name}`)).toEqual([
      'content changed Returns',
      'content added Shipping',
      'content removed Gift cards',
      'intent changed book a repair',
      'intent removed cancel a repair',
      'slot changed bike type',
      'slot removed email',
      'jargon changed refund',
      'jargon added bike',
      'jargon removed parcel',
      'sequence changed Repairs',
      'scenario changed Workshop',
      'setting changed Pipeline config',
      'setting changed Word cutoff',
      'setting changed Out-of-scope response',
    ]);
    expect((await diffOf(project.id, 2, '?against=2')).items).toEqual([]);
  });

  it('compares by default with the version Production answers from, else with the version before; the first has nothing to compare with', async () => {
    const { project, deployment } = await newProject();
    await insertItems(app, project.id, [{ subject: 'Returns' }]);
    await syncWith(project.id);
    await insertItems(app, project.id, [{ subject: 'Shipping' }]);
    await syncWith(project.id);
    await insertItems(app, project.id, [{ subject: 'Gift cards' }]);
    await syncWith(project.id);

    const first = await diffOf(project.id, 1);
    expect(first.from).toBeNull();
    expect(first.items.filter((item) => item.kind === 'content').map((item) => `${item.change} ${item.name}`)).toEqual(['added Returns']);
    expect(new Set(first.items.map((item) => item.change))).toEqual(new Set(['added']));
    // Every setting shows its value, an empty one too.
    expect(first.items.filter((item) => item.kind === 'setting').map((item) => [item.id, item.fields.map((field) => field.before)])).toEqual([
      ['pipeline_config', [null]],
      ['response_word_cutoff', [null]],
      ['out_of_scope_response', [null]],
      ['handoff_message', [null]],
    ]);

    const third = await diffOf(project.id, 3);
    expect(third.from).toBe(2);
    expect(third.items.map((item) => `${item.change} ${item.name}`)).toEqual(['added Gift cards']);

    const deployed = await call(app, 'POST', api(project.id, `/deployment/${deployment.id}/deploy`), editor.token, { version: 1 });
    expect(deployed.statusCode, deployed.body).toBe(200);
    const fromProduction = await diffOf(project.id, 3);
    expect(fromProduction.from).toBe(1);
    expect(fromProduction.items.map((item) => `${item.change} ${item.name}`)).toEqual(['added Shipping', 'added Gift cards']);
  });
});

/** A small valid snapshot, for versions written straight to the database. */
const emptySnapshot: Snapshot = {
  version: 1,
  settings: { response_word_cutoff: 100, out_of_scope_response: '', pipeline_config: {} },
  jargon: { mappings: [] },
  contents: [],
  intents: [],
  slots: [],
};
const noCounts = { contents: 0, intents: 0, utterances: 0, slots: 0, sequences: 0 };

describe('pruning', () => {
  it(`keeps the newest ${VERSIONS_KEPT} versions and every older one a deployment, a deploy history entry, a test run or a replay names`, async () => {
    const { project, deployment } = await newProject();
    const { db } = app.ctx;
    const older = 10;
    const written = await db
      .insert(snapshots)
      .values(Array.from({ length: VERSIONS_KEPT + older }, (_, index) => ({ projectId: project.id, number: index + 1, counts: noCounts, data: emptySnapshot })))
      .returning({ id: snapshots.id, number: snapshots.number });
    const byNumber = new Map(written.map((row) => [row.number, row.id]));
    const id = (number: number) => byNumber.get(number)!;
    // Versions 1 to 6 are each named by one kind of record; 7 to 10 by none.
    await db.update(deployments).set({ snapshotId: id(1) }).where(eq(deployments.id, deployment.id));
    await db.insert(deployHistory).values({ deploymentId: deployment.id, projectId: project.id, action: 'deploy', snapshotId: id(2), previousSnapshotId: id(3) });
    await db.insert(testRuns).values({ projectId: project.id, snapshotId: id(4), trigger: 'manual' });
    const now = new Date();
    await db.insert(replays).values({ projectId: project.id, deploymentId: deployment.id, baseSnapshotId: id(5), candidateSnapshotId: id(6), windowFrom: now, windowTo: now, questionLimit: 10 });
    // Another project's old versions are not this sync's business.
    const other = await newProject();
    await db.insert(snapshots).values(Array.from({ length: VERSIONS_KEPT + 1 }, (_, index) => ({ projectId: other.project.id, number: index + 1, counts: noCounts, data: emptySnapshot })));

    const synced = await syncWith(project.id);
    expect(synced.version).toBe(VERSIONS_KEPT + older + 1);
    const kept = await db.select({ number: snapshots.number }).from(snapshots).where(eq(snapshots.projectId, project.id));
    const expected = [1, 2, 3, 4, 5, 6, ...Array.from({ length: VERSIONS_KEPT }, (_, index) => older + 2 + index)];
    expect(kept.map((row) => row.number).sort((a, b) => a - b)).toEqual(expected);
    expect(await db.select().from(snapshots).where(eq(snapshots.projectId, other.project.id))).toHaveLength(VERSIONS_KEPT + 1);

    // A pruned version is gone from every route.
    expectError(await call(app, 'GET', api(project.id, '/version/7'), viewer.token), 404);
    expectError(await call(app, 'GET', api(project.id, '/version/12/diff?against=7'), viewer.token), 404);
    expectError(await call(app, 'POST', api(project.id, `/deployment/${deployment.id}/deploy`), editor.token, { version: 7 }), 404);
    expect((await call(app, 'GET', api(project.id, '/version/1'), viewer.token)).statusCode).toBe(200);
    const listed = (await call(app, 'GET', api(project.id, '/version?limit=1'), viewer.token)).json<ListResponse<Version>>();
    expect(listed.total).toBe(expected.length);
  });
});

describe('GET /project/{id}/sync-status', () => {
  async function status(projectId: string) {
    const response = await call(app, 'GET', api(projectId, '/sync-status'), viewer.token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SyncStatus>();
  }

  it('says exactly whether the project holds changes its newest version does not, and what Production answers from', async () => {
    const { project, deployment } = await newProject();
    expect(await status(project.id)).toEqual({
      newest_version: null,
      synced_at: null,
      has_unsynced_changes: true,
      production: { deployment_id: deployment.id, display_name: 'Production', version: null },
    });
    const [returns] = await insertItems(app, project.id, [{ subject: 'Returns', response: 'Within 30 days.', utterances: ['refund'] }]);
    await syncWith(project.id);
    const current = await status(project.id);
    expect(current).toMatchObject({ newest_version: 1, has_unsynced_changes: false, production: { version: null } });
    expect(current.synced_at).not.toBeNull();

    // An edit is a change; undoing it is none (the comparison is of what a sync would store, not of times).
    const { db } = app.ctx;
    await db.update(contents).set({ subject: 'Refunds', updatedAt: new Date() }).where(eq(contents.id, returns!.id));
    expect((await status(project.id)).has_unsynced_changes).toBe(true);
    await db.update(contents).set({ subject: 'Returns' }).where(eq(contents.id, returns!.id));
    expect((await status(project.id)).has_unsynced_changes).toBe(false);
    // A setting, an utterance, a deactivation: each is a change.
    await db.update(projects).set({ responseWordCutoff: 12 }).where(eq(projects.id, project.id));
    expect((await status(project.id)).has_unsynced_changes).toBe(true);
    await syncWith(project.id);
    expect((await status(project.id)).has_unsynced_changes).toBe(false);
    await db.insert(contentUtterances).values({ contentId: returns!.id, text: 'money back' });
    expect((await status(project.id)).has_unsynced_changes).toBe(true);
    await syncWith(project.id);
    await db.update(contents).set({ status: 'inactive' }).where(eq(contents.id, returns!.id));
    expect((await status(project.id)).has_unsynced_changes).toBe(true);
    // A candidate answers nobody: adding one changes nothing a sync would store.
    await db.update(contents).set({ status: 'active' }).where(eq(contents.id, returns!.id));
    await insertItems(app, project.id, [{ subject: 'Someday', status: 'candidate' }]);
    expect((await status(project.id)).has_unsynced_changes).toBe(false);

    await call(app, 'POST', api(project.id, `/deployment/${deployment.id}/deploy`), editor.token, { version: 1 });
    expect((await status(project.id)).production).toEqual({ deployment_id: deployment.id, display_name: 'Production', version: 1 });
  });

  it("takes the deployment named 'Production', else the project's oldest", async () => {
    const { project, deployment } = await newProject();
    const staging = await call(app, 'POST', api(project.id, '/deployment'), editor.token, { display_name: 'Staging' });
    expect(staging.statusCode, staging.body).toBe(201);
    expect((await status(project.id)).production?.deployment_id).toBe(deployment.id);
    await call(app, 'PUT', api(project.id, `/deployment/${deployment.id}`), editor.token, { display_name: 'Live' });
    expect((await status(project.id)).production).toMatchObject({ deployment_id: deployment.id, display_name: 'Live' });
  });
});

describe('the Real-Time Test', () => {
  it('asks the version named, else the newest, and says which answered', async () => {
    const { project } = await newProject();
    const [hours] = await insertItems(app, project.id, [{ subject: 'Opening hours', response: 'We are open from 9 to 5.', utterances: ['when are you open', 'opening hours'] }]);
    await syncWith(project.id);
    await app.ctx.db.update(contents).set({ responsePm: kbToPm(kbFromPlainText('We are open from 8 to 8.')) }).where(eq(contents.id, hours!.id));
    await syncWith(project.id);
    const url = api(project.id, '/chat/query');
    const ask = (body: Record<string, unknown>) => call(app, 'POST', url, viewer.token, { utterance: 'When are you open?', ...body });

    const newest = await ask({});
    expect(newest.statusCode, newest.body).toBe(200);
    expect(newest.json<RealtimeAnswer>()).toMatchObject({ version: 2, content_id: hours!.id, response: kbFromPlainText('We are open from 8 to 8.') });
    const first = (await ask({ version: 1 })).json<RealtimeAnswer>();
    expect(first).toMatchObject({ version: 1, content_id: hours!.id, response: kbFromPlainText('We are open from 9 to 5.') });
    expect(first.trace.length).toBeGreaterThan(0);
    expectError(await ask({ version: 3 }), 404);
    expectError(await ask({ version: 0 }), 400, 'Version must be a version number');
  });
});
