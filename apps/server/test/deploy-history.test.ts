import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  deploymentMessages,
  kbFromPlainText,
  kbToPm,
  type ChatAnswer,
  type DeployHistoryEntry,
  type Deployment,
  type DeployPreview,
  type ListResponse,
} from '@console/contracts';
import { contents, deployHistory, deployments, jobs, projects, replays, snapshots, testRuns } from '../src/db/schema/index';
import { call, countRows, createSignedInUser, createTestApp, createWorkspaceTree, expectError, openTestDatabase } from './helper';
import { allowOrigins, ask, insertItems } from './assistant-fixtures';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

let app: FastifyInstance;
let admin: SignedIn;
let editor: SignedIn;
let viewer: SignedIn;

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase());
  [admin, editor, viewer] = await Promise.all([
    createSignedInUser(app, { displayName: 'Ada Admin' }),
    createSignedInUser(app, { displayName: 'Eve Editor' }),
    createSignedInUser(app, { displayName: 'Vic Viewer' }),
  ]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const api = (projectId: string, path = '') => `/api/v1/project/${projectId}${path}`;

/**
 * A project of three versions answering 'When are you open?' with '9 to 5', '8 to 8' and '24/7',
 * with a second deployment 'Staging' (a project made through the API has both).
 */
async function versionedProject() {
  const tree = await createWorkspaceTree(app, [
    { user: admin.user, role: 'admin' },
    { user: editor.user, role: 'editor' },
    { user: viewer.user, role: 'viewer' },
  ]);
  const { db } = app.ctx;
  await db.update(projects).set({ pipelineConfig: { understanding: 'lexical' } }).where(eq(projects.id, tree.project.id));
  const [hours] = await insertItems(app, tree.project.id, [{ subject: 'Opening hours', utterances: ['when are you open', 'opening hours'] }]);
  const versions: string[] = [];
  for (const answer of ['We are open from 9 to 5.', 'We are open from 8 to 8.', 'We are open 24/7.']) {
    await db.update(contents).set({ responsePm: kbToPm(kbFromPlainText(answer)) }).where(eq(contents.id, hours!.id));
    const synced = await call(app, 'POST', api(tree.project.id, '/sync'), editor.token);
    expect(synced.statusCode, synced.body).toBe(200);
    versions.push(synced.json<{ snapshot_id: string }>().snapshot_id);
  }
  const staging = await call(app, 'POST', api(tree.project.id, '/deployment'), editor.token, { display_name: 'Staging' });
  expect(staging.statusCode, staging.body).toBe(201);
  const deploymentUrl = (id: string, action = '') => api(tree.project.id, `/deployment/${id}${action}`);
  return {
    ...tree,
    versions,
    staging: staging.json<Deployment>(),
    production: (action = '') => deploymentUrl(tree.deployment.id, action),
    stagingUrl: (action = '') => deploymentUrl(staging.json<Deployment>().id, action),
  };
}

async function ok<T = Deployment>(response: Awaited<ReturnType<typeof call>>): Promise<T> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

async function historyOf(url: string, token = editor.token) {
  return ok<ListResponse<DeployHistoryEntry>>(await call(app, 'GET', url, token));
}

describe('deploy', () => {
  it('deploys any version (default the newest), each deploy in the history with the version it replaced, who and why', async () => {
    const project = await versionedProject();
    const second = await ok(await call(app, 'POST', project.production('/deploy'), editor.token, { version: 2, reason: 'Hours for the summer' }));
    expect(second).toMatchObject({ version: 2, snapshot_id: project.versions[1], deployer_id: editor.user.id });
    const newest = await ok(await call(app, 'POST', project.production('/deploy'), admin.token));
    expect(newest).toMatchObject({ version: 3, snapshot_id: project.versions[2], deployer_id: admin.user.id });
    expect((await ok(await call(app, 'GET', project.production(), viewer.token))).version).toBe(3);
    const listed = await ok<ListResponse<Deployment>>(await call(app, 'GET', api(project.project.id, '/deployment?sort_field=display_name&sort_direction=ascending'), viewer.token));
    expect(listed.records.map((deployment) => [deployment.display_name, deployment.version])).toEqual([
      ['Production', 3],
      ['Staging', null],
    ]);

    const history = await historyOf(project.production('/history'));
    expect(history.total).toBe(2);
    expect(history.records).toEqual([
      {
        id: expect.any(String),
        action: 'deploy',
        version: 3,
        previous_version: 2,
        reason: '',
        override_reason: null,
        deployed_by: admin.user.id,
        deployed_by_name: 'Ada Admin',
        deployed_at: expect.any(String),
      },
      {
        id: expect.any(String),
        action: 'deploy',
        version: 2,
        previous_version: null,
        reason: 'Hours for the summer',
        override_reason: null,
        deployed_by: editor.user.id,
        deployed_by_name: 'Eve Editor',
        deployed_at: expect.any(String),
      },
    ]);
    // Viewers read the history without who deployed, as they read the deployment.
    const seen = await historyOf(project.production('/history'), viewer.token);
    expect(seen.records.map((entry) => [entry.version, entry.deployed_by, entry.deployed_by_name])).toEqual([
      [3, null, null],
      [2, null, null],
    ]);
    const oldestFirst = await historyOf(project.production('/history?sort_direction=ascending&action__eq=deploy'));
    expect(oldestFirst.records.map((entry) => entry.version)).toEqual([2, 3]);
  });

  it('takes effect for visitors at once in this process', async () => {
    const project = await versionedProject();
    await allowOrigins(app, editor.token, project.project.id, project.deployment.id, ['https://shop.example']);
    const answer = async () => (await ask(app, project.deployment.key, { utterance: 'When are you open?' })).json<ChatAnswer>().response;
    await ok(await call(app, 'POST', project.production('/deploy'), editor.token, { version: 1 }));
    expect(await answer()).toEqual(kbFromPlainText('We are open from 9 to 5.'));
    await ok(await call(app, 'POST', project.production('/deploy'), editor.token, { version: 3 }));
    expect(await answer()).toEqual(kbFromPlainText('We are open 24/7.'));
    await ok(await call(app, 'POST', project.production('/rollback'), editor.token));
    expect(await answer()).toEqual(kbFromPlainText('We are open from 9 to 5.'));
  });

  it('refuses unknown versions and deployments, bad bodies and viewers, changing nothing', async () => {
    const project = await versionedProject();
    const other = await versionedProject();
    const before = await countRows(app, deployHistory);
    expectError(await call(app, 'POST', project.production('/deploy'), editor.token, { version: 4 }), 404);
    expectError(await call(app, 'POST', project.production('/deploy'), editor.token, { version: 0 }), 400, 'Version must be a version number');
    expectError(await call(app, 'POST', project.production('/deploy'), editor.token, { version: 1, extra: true }), 400);
    expectError(await call(app, 'POST', project.production('/deploy'), editor.token, { reason: 'x'.repeat(501) }), 400, 'Reason must be at most 500 characters');
    expectError(await call(app, 'POST', project.production('/deploy'), viewer.token), 403);
    // Another project's deployment, named under this project.
    const foreign = api(project.project.id, `/deployment/${other.deployment.id}`);
    for (const action of ['/deploy', '/rollback']) expectError(await call(app, 'POST', `${foreign}${action}`, editor.token), 404);
    expectError(await call(app, 'POST', `${foreign}/promote`, editor.token, { from_deployment_id: project.staging.id }), 404);
    expectError(await call(app, 'GET', `${foreign}/history`, editor.token), 404);
    expectError(await call(app, 'GET', `${foreign}/preview`, editor.token), 404);
    expect(await countRows(app, deployHistory)).toBe(before);
    expect((await ok(await call(app, 'GET', project.production(), editor.token))).version).toBeNull();
  });

  it('refuses a version that no longer compiles with a 409, the deployment answering as before', async () => {
    const project = await versionedProject();
    await ok(await call(app, 'POST', project.production('/deploy'), editor.token, { version: 1 }));
    const { indexes } = app.ctx.assistant;
    const get = indexes.get.bind(indexes);
    const compile = vi.spyOn(indexes, 'get').mockImplementation((snapshotId) =>
      snapshotId === project.versions[1] ? Promise.reject(new Error('unknown node type')) : get(snapshotId),
    );
    expectError(await call(app, 'POST', project.production('/deploy'), editor.token, { version: 2 }), 409, deploymentMessages.doesNotCompile(2, 'unknown node type'));
    expect(compile).toHaveBeenCalledWith(project.versions[1]);
    expect((await ok(await call(app, 'GET', project.production(), editor.token))).version).toBe(1);
    expect((await historyOf(project.production('/history'))).total).toBe(1);
  });

  it('lands two deploys at the same moment in the history one after the other; the last one answers', async () => {
    const project = await versionedProject();
    const [first, second] = await Promise.all([
      call(app, 'POST', project.production('/deploy'), editor.token, { version: 1 }),
      call(app, 'POST', project.production('/deploy'), admin.token, { version: 2 }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const history = (await historyOf(project.production('/history'))).records.reverse();
    expect(history).toHaveLength(2);
    // Whichever committed first, the second replaced it, and the deployment answers from the second.
    expect(history[0]!.previous_version).toBeNull();
    expect(history[1]!.previous_version).toBe(history[0]!.version);
    expect(new Set(history.map((entry) => entry.version))).toEqual(new Set([1, 2]));
    expect((await ok(await call(app, 'GET', project.production(), viewer.token))).version).toBe(history[1]!.version);
  });
});

describe('rollback', () => {
  it('goes back to the version answered from before the latest entry, as an entry of its own; 409 with no earlier version', async () => {
    const project = await versionedProject();
    expectError(await call(app, 'POST', project.production('/rollback'), editor.token), 409, deploymentMessages.noEarlierVersion);
    await ok(await call(app, 'POST', project.production('/deploy'), editor.token, { version: 1 }));
    expectError(await call(app, 'POST', project.production('/rollback'), editor.token), 409, deploymentMessages.noEarlierVersion);
    await ok(await call(app, 'POST', project.production('/deploy'), editor.token, { version: 3 }));

    const rolledBack = await ok(await call(app, 'POST', project.production('/rollback'), editor.token, { reason: 'Wrong hours' }));
    expect(rolledBack).toMatchObject({ version: 1, snapshot_id: project.versions[0] });
    expect((await historyOf(project.production('/history'))).records[0]).toMatchObject({ action: 'rollback', version: 1, previous_version: 3, reason: 'Wrong hours' });
    // Rolling back the rollback returns to what it replaced.
    expect(await ok(await call(app, 'POST', project.production('/rollback'), editor.token))).toMatchObject({ version: 3 });
    expectError(await call(app, 'POST', project.production('/rollback'), viewer.token), 403);
  });
});

describe('promote', () => {
  it('deploys exactly the version another deployment answers from; refuses itself, one answering from nothing and another project’s', async () => {
    const project = await versionedProject();
    expectError(await call(app, 'POST', project.production('/promote'), editor.token, { from_deployment_id: project.staging.id }), 409, deploymentMessages.sourceNotDeployed('Staging'));
    await ok(await call(app, 'POST', project.stagingUrl('/deploy'), editor.token, { version: 2 }));
    await ok(await call(app, 'POST', project.stagingUrl('/deploy'), editor.token));

    const promoted = await ok(await call(app, 'POST', project.production('/promote'), editor.token, { from_deployment_id: project.staging.id, reason: 'Checked on staging' }));
    expect(promoted).toMatchObject({ version: 3, snapshot_id: project.versions[2] });
    expect((await historyOf(project.production('/history'))).records).toMatchObject([{ action: 'promote', version: 3, previous_version: null, reason: 'Checked on staging' }]);

    expectError(await call(app, 'POST', project.production('/promote'), editor.token, { from_deployment_id: project.deployment.id }), 400, deploymentMessages.promoteFromItself);
    expectError(await call(app, 'POST', project.production('/promote'), editor.token, {}), 400);
    const other = await versionedProject();
    expectError(await call(app, 'POST', project.production('/promote'), editor.token, { from_deployment_id: other.deployment.id }), 404);
  });
});

/** A test run of a version, as the suite stores it, with its job in the given state. */
async function insertRun(projectId: string, snapshotId: string, state: 'running' | 'failing' | 'passing' | 'cancelled', at: Date) {
  const { db } = app.ctx;
  const status = state === 'running' ? 'running' : state === 'cancelled' ? 'cancelled' : 'succeeded';
  const finished = state === 'failing' || state === 'passing' ? at : null;
  const [job] = await db.insert(jobs).values({ kind: 'test_run', projectId, status, done: 3, total: 3, createdAt: at, finishedAt: finished }).returning();
  const [run] = await db
    .insert(testRuns)
    .values({ projectId, snapshotId, jobId: job!.id, trigger: 'manual', total: 3, passed: state === 'failing' ? 2 : 3, failed: state === 'failing' ? 1 : 0, createdAt: at, finishedAt: finished })
    .returning();
  return run!;
}

describe('the deploy gate', () => {
  it("refuses, while 'Require passing tests' is on, a version without a finished, passing run, saying which; a project admin may override with a reason", async () => {
    const project = await versionedProject();
    const required = await ok(await call(app, 'PUT', project.production(), editor.token, { require_passing_tests: true }));
    expect(required.require_passing_tests).toBe(true);
    expectError(await call(app, 'PUT', project.production(), editor.token, { require_passing_tests: 'yes' }), 400, 'Require passing tests must be true or false');
    const deployTwo = (token: string, body: Record<string, unknown> = {}) => call(app, 'POST', project.production('/deploy'), token, { version: 2, ...body });
    const projectId = project.project.id;
    const started = Date.now();
    const at = (seconds: number) => new Date(started + seconds * 1000);

    expectError(await deployTwo(admin.token), 409, deploymentMessages.gateNoRun(2));
    await insertRun(projectId, project.versions[1]!, 'cancelled', at(1));
    expectError(await deployTwo(admin.token), 409, deploymentMessages.gateNoRun(2));
    await insertRun(projectId, project.versions[1]!, 'running', at(2));
    expectError(await deployTwo(admin.token), 409, deploymentMessages.gateRunning(2));
    await insertRun(projectId, project.versions[1]!, 'failing', at(3));
    expectError(await deployTwo(editor.token), 409, deploymentMessages.gateFailing(2, 1, 3));
    // Only a project admin overrides; the reason is kept in the history.
    expectError(await deployTwo(editor.token, { override_reason: 'Urgent fix' }), 403, deploymentMessages.overrideNeedsAdmin);
    expect(await countRows(app, deployHistory, eq(deployHistory.deploymentId, project.deployment.id))).toBe(0);
    expectError(await deployTwo(admin.token, { override_reason: '   ' }), 400, 'Override reason must be at least 1 character');
    expect(await ok(await deployTwo(admin.token, { override_reason: 'Urgent fix' }))).toMatchObject({ version: 2 });
    expect((await historyOf(project.production('/history'))).records[0]).toMatchObject({ version: 2, override_reason: 'Urgent fix', deployed_by: admin.user.id });

    // A passing latest run lets an editor through; an override given then is not needed and not kept.
    await insertRun(projectId, project.versions[2]!, 'passing', at(4));
    expect(await ok(await call(app, 'POST', project.production('/deploy'), editor.token, { override_reason: 'Just in case' }))).toMatchObject({ version: 3 });
    expect((await historyOf(project.production('/history'))).records[0]).toMatchObject({ version: 3, override_reason: null });

    // Rollback is not gated: version 2's latest run fails, yet the way back is open.
    expect(await ok(await call(app, 'POST', project.production('/rollback'), editor.token))).toMatchObject({ version: 2 });

    // Promote passes the target's gate, not the source's.
    await ok(await call(app, 'POST', project.stagingUrl('/deploy'), editor.token, { version: 1 }));
    expectError(await call(app, 'POST', project.production('/promote'), editor.token, { from_deployment_id: project.staging.id }), 409, deploymentMessages.gateNoRun(1));
    const promoted = await call(app, 'POST', project.production('/promote'), admin.token, { from_deployment_id: project.staging.id, override_reason: 'Known good' });
    expect(await ok(promoted)).toMatchObject({ version: 1 });
    await ok(await call(app, 'POST', project.production('/deploy'), editor.token, { version: 3 }));
    const openStaging = await ok(await call(app, 'POST', project.stagingUrl('/promote'), editor.token, { from_deployment_id: project.deployment.id }));
    expect(openStaging).toMatchObject({ version: 3, require_passing_tests: false });
  });
});

describe('the deploy preview', () => {
  it('shows the version about to go live, what answers now, its latest test run and replay against this deployment, and the gate', async () => {
    const project = await versionedProject();
    const projectId = project.project.id;
    await ok(await call(app, 'POST', project.production('/deploy'), editor.token, { version: 1 }));
    const preview = async (query: string, token = viewer.token) => ok<DeployPreview>(await call(app, 'GET', project.production(`/preview${query}`), token));

    expect(await preview('')).toEqual({
      deployment_id: project.deployment.id,
      version: 3,
      version_note: '',
      counts: { contents: 1, intents: 0, utterances: 2, slots: 0, sequences: 0 },
      current_version: 1,
      test_run: null,
      replay: null,
      gate: { required: false, passes: true, message: null },
    });
    await ok(await call(app, 'PUT', project.production(), editor.token, { require_passing_tests: true }));
    expect((await preview('?version=2')).gate).toEqual({ required: true, passes: false, message: deploymentMessages.gateNoRun(2) });

    const run = await insertRun(projectId, project.versions[1]!, 'failing', new Date());
    const { db } = app.ctx;
    const now = new Date();
    const summary = { total: 4, groups: { unchanged: 3, changed: 1, newly_refused: 0, newly_answered: 0 }, moves: [{ before: 'Opening hours', after: 'Holidays', count: 1 }], notes: [] };
    const [replay] = await db
      .insert(replays)
      .values({ projectId, deploymentId: project.deployment.id, baseSnapshotId: project.versions[0]!, candidateSnapshotId: project.versions[1]!, windowFrom: now, windowTo: now, questionLimit: 5000, summary, finishedAt: now })
      .returning();
    // A replay against another deployment is not this one's.
    await db.insert(replays).values({ projectId, deploymentId: project.staging.id, baseSnapshotId: project.versions[0]!, candidateSnapshotId: project.versions[1]!, windowFrom: now, windowTo: now, questionLimit: 10, createdAt: new Date(now.getTime() + 1000) });

    const second = await preview('?version=2');
    expect(second).toMatchObject({
      version: 2,
      current_version: 1,
      test_run: { id: run.id, version: 2, total: 3, passed: 2, failed: 1, job: { status: 'succeeded' } },
      replay: { id: replay!.id, candidate_version: 2, base_version: 1, summary, finished_at: now.toISOString() },
      gate: { required: true, passes: false, message: deploymentMessages.gateFailing(2, 1, 3) },
    });

    await ok(await call(app, 'POST', project.stagingUrl('/deploy'), editor.token, { version: 2 }));
    expect(await preview(`?from_deployment_id=${project.staging.id.toUpperCase()}`)).toMatchObject({ version: 2, current_version: 1 });
    expectError(await call(app, 'GET', project.production(`/preview?version=2&from_deployment_id=${project.staging.id}`), viewer.token), 400, deploymentMessages.previewOfOne);
    expectError(await call(app, 'GET', project.production(`/preview?from_deployment_id=${project.deployment.id}`), viewer.token), 400, deploymentMessages.promoteFromItself);
    expectError(await call(app, 'GET', project.production('/preview?version=9'), viewer.token), 404);
    const unsynced = await createWorkspaceTree(app, [{ user: viewer.user, role: 'viewer' }]);
    expectError(await call(app, 'GET', api(unsynced.project.id, `/deployment/${unsynced.deployment.id}/preview`), viewer.token), 409, deploymentMessages.notSynced);
    // The preview changes nothing.
    expect((await ok(await call(app, 'GET', project.production(), viewer.token))).version).toBe(1);
    expect(await db.select().from(snapshots).where(eq(snapshots.projectId, projectId))).toHaveLength(3);
    expect((await db.select().from(deployments).where(eq(deployments.id, project.deployment.id)))[0]!.snapshotId).toBe(project.versions[0]);
  });
});
