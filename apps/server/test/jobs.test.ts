import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { finishedJobStatuses, JOB_MAX_ATTEMPTS, JOB_STALE_MS, jobMessages, type Job, type Replay } from '@console/contracts';
import { Console } from '../../../bench/support/assistant-api';
import { removeDataDir, startServer, type RunningServer } from '../../../bench/support/server';
import { readConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { jobs, projects, replayItems } from '../src/db/schema/index';
import { jobHandlers } from '../src/modules/job/handlers';
import { call, createSignedInUser, createTestApp, createWorkspaceTree, onCleanup, openTestDatabase } from './helper';
import { allowOrigins, ask, deploy, insertItems, sync } from './assistant-fixtures';
import { holdAfterFirstChunk } from './replay-fixtures';

/**
 * The job mechanism through a replay, its first kind: a job whose process stopped is claimed again
 * and carries on from what it stored, never storing an item twice; one whose processes keep
 * stopping is failed instead of claimed forever; a process shutting down hands its job back; and a
 * real server process killed mid-replay finishes it when started again.
 */

const SHOP = 'https://shop.example';
const QUESTIONS = 180;
let database: Database;
let app: FastifyInstance;
let editor: Awaited<ReturnType<typeof createSignedInUser>>;
let shop: { projectId: string; deploymentId: string };

/** The app's options: questions without a limit, and jobs looked for often. */
const appOptions = { jobPollMs: 50, chatMaxQueriesPerMinute: 100_000 };

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, appOptions);
  editor = await createSignedInUser(app);
  const tree = await createWorkspaceTree(app, [{ user: editor.user, role: 'editor' }]);
  await app.ctx.db.update(projects).set({ pipelineConfig: { understanding: 'lexical' } }).where(eq(projects.id, tree.project.id));
  await insertItems(app, tree.project.id, [
    { subject: 'Store opening hours', utterances: ['when are you open', 'opening hours'] },
    { subject: 'Returns', utterances: ['how do i return an item', 'return policy'] },
  ]);
  await allowOrigins(app, editor.token, tree.project.id, tree.deployment.id, [SHOP]);
  await sync(app, editor.token, tree.project.id);
  const { key } = await deploy(app, editor.token, tree.project.id, tree.deployment.id);
  for (let i = 0; i < QUESTIONS; i++) {
    const response = await ask(app, key, { utterance: i % 3 ? `question number ${i}` : `what about returns number ${i}` }, SHOP);
    expect(response.statusCode, response.body).toBe(200);
  }
  shop = { projectId: tree.project.id, deploymentId: tree.deployment.id };
});

async function startReplay(server: FastifyInstance): Promise<Replay> {
  const response = await call(server, 'POST', `/api/v1/project/${shop.projectId}/replay`, editor.token, { deployment_id: shop.deploymentId });
  expect(response.statusCode, response.body).toBe(202);
  return response.json<Replay>();
}

async function readJob(server: FastifyInstance, jobId: string): Promise<Job> {
  const response = await call(server, 'GET', `/api/v1/project/${shop.projectId}/job/${jobId}`, editor.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Job>();
}

/** The job once `done(job)` holds, read through `server`. */
async function jobWhen(server: FastifyInstance, jobId: string, done: (job: Job) => boolean): Promise<Job> {
  for (let tries = 0; tries < 1000; tries++) {
    const job = await readJob(server, jobId);
    if (done(job)) return job;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`job ${jobId} never got there`);
}
const isFinished = (job: Job) => finishedJobStatuses.includes(job.status);
const isUnderWay = (job: Job) => job.status === 'running' && job.done > 0;

async function readReplay(server: FastifyInstance, replayId: string): Promise<Replay> {
  const response = await call(server, 'GET', `/api/v1/project/${shop.projectId}/replay/${replayId}`, editor.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Replay>();
}

const storedItems = (replayId: string) => app.ctx.db.select().from(replayItems).where(eq(replayItems.replayId, replayId)).orderBy(asc(replayItems.position));

/** Leaves a job as a process that stopped without a word leaves it: running, its heartbeat old. */
async function leaveAsDead(jobId: string, attempts: number): Promise<void> {
  await app.ctx.db
    .update(jobs)
    .set({ status: 'running', runner: 'a stopped process', heartbeatAt: new Date(Date.now() - JOB_STALE_MS - 1000), attempts })
    .where(eq(jobs.id, jobId));
}

describe('a job whose process stopped', () => {
  let whole: Replay;
  beforeAll(async () => {
    const started = await startReplay(app);
    await jobWhen(app, started.job!.id, isFinished);
    whole = await readReplay(app, started.id);
    expect(whole.job).toMatchObject({ status: 'succeeded', done: QUESTIONS, total: QUESTIONS });
  });

  it('is claimed again once its heartbeat is old, and finishes from what it stored without storing an item twice', async () => {
    const held = holdAfterFirstChunk();
    const started = await startReplay(app);
    try {
      await jobWhen(app, started.job!.id, isUnderWay);
      // The process stops between two steps (as if killed): its items so far stay, its job says running.
      const stopping = app.ctx.jobs.stop();
      held.release();
      await stopping;
    } finally {
      held.release();
      held.restore();
    }
    const before = await storedItems(started.id);
    expect(before.length).toBeGreaterThan(0);
    expect(before.length).toBeLessThan(QUESTIONS);
    await leaveAsDead(started.job!.id, 1);

    app.ctx.jobs.start(jobHandlers(app.ctx));
    const job = await jobWhen(app, started.job!.id, isFinished);
    expect(job).toMatchObject({ status: 'succeeded', done: QUESTIONS, total: QUESTIONS });
    const after = await storedItems(started.id);
    expect(after.map((item) => item.position)).toEqual(Array.from({ length: QUESTIONS }, (_, i) => i + 1));
    // What was stored before the stop is as it was: not asked again.
    expect(after.slice(0, before.length)).toEqual(before);
    expect((await readReplay(app, started.id)).summary).toEqual(whole.summary);
    const [row] = await app.ctx.db.select({ attempts: jobs.attempts }).from(jobs).where(eq(jobs.id, started.job!.id));
    expect(row!.attempts).toBe(2);
  });

  it('is failed, saying so, once its processes stopped while running it too often', async () => {
    await app.ctx.jobs.stop();
    const started = await startReplay(app);
    await leaveAsDead(started.job!.id, JOB_MAX_ATTEMPTS);
    app.ctx.jobs.start(jobHandlers(app.ctx));
    const job = await jobWhen(app, started.job!.id, isFinished);
    expect(job).toMatchObject({ status: 'failed', error: jobMessages.stoppedTooOften(JOB_MAX_ATTEMPTS) });
    const replay = await readReplay(app, started.id);
    expect(replay.summary).toBeNull();
    expect(replay.finished_at).not.toBeNull();
    expect(await storedItems(started.id)).toEqual([]);
  });

  it('goes back to the queue when its process shuts down, and another process finishes it', async () => {
    const leaving = await createTestApp(database, appOptions);
    await app.ctx.jobs.stop();
    const held = holdAfterFirstChunk();
    try {
      const started = await startReplay(leaving);
      await jobWhen(leaving, started.job!.id, isUnderWay);
      // Its runner stops first as the process closes, while the job is at its second chunk.
      const stopping = leaving.ctx.jobs.stop();
      held.release();
      await stopping;
      await leaving.close();
      const [handedBack] = await app.ctx.db.select().from(jobs).where(eq(jobs.id, started.job!.id));
      expect(handedBack).toMatchObject({ status: 'queued', runner: null, attempts: 0 });
      app.ctx.jobs.start(jobHandlers(app.ctx));
      const job = await jobWhen(app, started.job!.id, isFinished);
      expect(job).toMatchObject({ status: 'succeeded', done: QUESTIONS });
      expect(await storedItems(started.id)).toHaveLength(QUESTIONS);
      expect((await readReplay(app, started.id)).summary).toEqual(whole.summary);
    } finally {
      held.release();
      held.restore();
      app.ctx.jobs.start(jobHandlers(app.ctx));
    }
  });
});

describe('a process started with BACKGROUND_JOBS=off', () => {
  it('reads on or off, on by default', () => {
    expect(readConfig({}).backgroundJobs).toBe(true);
    expect(readConfig({ BACKGROUND_JOBS: 'off' }).backgroundJobs).toBe(false);
    expect(() => readConfig({ BACKGROUND_JOBS: 'no' })).toThrow("BACKGROUND_JOBS: must be 'on' or 'off'");
  });

  it('queues the jobs it is asked for and leaves them to a process that runs jobs', async () => {
    const answering = await createTestApp(database, { ...appOptions, backgroundJobs: false });
    await app.ctx.jobs.stop();
    try {
      const started = await startReplay(answering);
      // Many of its polling intervals: a process that ran jobs would have claimed it.
      await new Promise((resolve) => setTimeout(resolve, appOptions.jobPollMs * 10));
      expect(await readJob(answering, started.job!.id)).toMatchObject({ status: 'queued', done: 0 });
      app.ctx.jobs.start(jobHandlers(app.ctx));
      const job = await jobWhen(answering, started.job!.id, isFinished);
      expect(job).toMatchObject({ status: 'succeeded', done: QUESTIONS });
      const [row] = await app.ctx.db.select({ runner: jobs.runner }).from(jobs).where(eq(jobs.id, started.job!.id));
      expect(row!.runner).toBe(app.ctx.jobs.id);
    } finally {
      app.ctx.jobs.start(jobHandlers(app.ctx));
    }
  });
});

// A PostgreSQL server is shared, so a restarted process cannot tell a stopped process's job from one
// another process runs: it claims it once its heartbeat is old (JOB_STALE_MS), as the cases above do.
describe.skipIf(process.env.TEST_DATABASE_ENGINE === 'postgres')('a server process killed mid-replay on its embedded database', () => {
  const ORIGIN = 'https://kill.example';
  const env = { CHAT_MAX_QUERIES_PER_MINUTE: '100000000', ANSWERING_THREADS: '0', LOG_LEVEL: 'error' };
  let server: RunningServer;

  async function until<T>(check: () => Promise<T | undefined>): Promise<T> {
    for (let tries = 0; tries < 3000; tries++) {
      const value = await check();
      if (value !== undefined) return value;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('never happened');
  }

  it('finishes the replay when started again, each item stored once', async () => {
    server = await startServer(env);
    onCleanup(() => removeDataDir(server));
    const team = await Console.signIn(server.baseUrl);
    const projectId = await team.importProject(await team.workspace('Kill'), 'Kill', [
      { name: 'Opening hours', utterances: ['when are you open', 'opening hours'] },
      { name: 'Returns', utterances: ['how do i return an item', 'return policy'] },
    ], { understanding: 'lexical' });
    const { id: deploymentId, key } = await team.syncForOrigin(projectId, ORIGIN);
    await team.deploy(projectId, deploymentId);
    const questions = 1500;
    for (let start = 0; start < questions; start += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, questions - start) }, async (_, i) => {
          const response = await fetch(`${server.baseUrl}/api/v1/chat/${key}/query`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: ORIGIN },
            body: JSON.stringify({ utterance: `question number ${start + i}` }),
          });
          expect(response.status).toBe(200);
        }),
      );
    }
    const replay = await team.call<Replay>('POST', `/project/${projectId}/replay`, { deployment_id: deploymentId });
    const jobPath = `/project/${projectId}/job/${replay.job!.id}`;
    const underWay = await until(async () => {
      const job = await team.call<Job>('GET', jobPath);
      expect(job.status).not.toBe('succeeded');
      return job.done > 0 ? job : undefined;
    });
    expect(underWay.done).toBeLessThan(questions);
    process.kill(server.pid, 'SIGKILL');
    await until(async () => {
      try {
        process.kill(server.pid, 0);
        return undefined;
      } catch {
        return true;
      }
    });

    const restarted = await startServer(env, { dataDir: server.dataDir });
    const again = team.through(restarted.baseUrl);
    const job = await until(async () => {
      const read = await again.call<Job>('GET', jobPath);
      return finishedJobStatuses.includes(read.status) ? read : undefined;
    });
    expect(job).toMatchObject({ status: 'succeeded', done: questions, total: questions });
    const items = await again.call<{ total: number }>('GET', `/project/${projectId}/replay/${replay.id}/item?limit=1`);
    expect(items.total).toBe(questions);
    const report = await again.call<Replay>('GET', `/project/${projectId}/replay/${replay.id}`);
    expect(report.summary).toMatchObject({ total: questions, groups: { unchanged: questions } });
    await restarted.stop();

    const stored = await openDatabase({ pgliteDir: path.join(server.dataDir, 'db') });
    try {
      const [row] = await stored.db.select({ attempts: jobs.attempts }).from(jobs).where(and(eq(jobs.id, replay.job!.id)));
      // Claimed by the killed process, then by the restarted one.
      expect(row!.attempts).toBe(2);
    } finally {
      await stored.close();
    }
  }, 180_000);
});
