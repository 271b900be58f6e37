import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parentPort, Worker, type Transferable } from 'node:worker_threads';

/**
 * A worker thread running one of the server's TypeScript files. The server runs TypeScript through
 * tsx, which a worker does not inherit (and on Node 20 `--import tsx` in a worker's execArgv does not
 * reach its entry file), so a small bootstrap registers tsx's hooks in the worker and then imports the
 * file. Both are resolved from here, so it works whatever the working directory.
 */

const tsxApi = (() => {
  // The ES module build of tsx's API (its CommonJS build cannot register the ESM hooks from a worker).
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return new URL(exports['./esm/api']!.import.default, pathToFileURL(manifest)).href;
})();

function startTypeScriptWorker(file: URL): Worker {
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); });`;
  return new Worker(bootstrap, { eval: true });
}

/**
 * A worker thread that takes numbered jobs and answers with outcomes carrying the job's number. It is
 * started on first use and again after a crash (which fails the jobs it held), and holds the process
 * open only while a job is awaited, so a script awaiting one does not exit and an idle server can.
 * Jobs posted in one turn of the event loop cross in one message, and the worker answers them in one:
 * under load, a message per job had cost the request thread more than anything else it did for a
 * question. The file the worker runs serves its jobs with `serveJobs`. A thread given `idleStopMs`
 * stops once no job has waited that long, handing back what it holds (a sentence encoder's few hundred
 * megabytes), and starts again on the next job.
 */
export class JobThread<Job extends { id: number }, Outcome extends { id: number }> {
  private worker: Worker | null = null;
  /** Jobs posted in this turn of the event loop, sent together at its end. */
  private outbox: Job[] = [];
  /** Buffers of the outbox's jobs moved to the worker rather than copied. */
  private transfers: Transferable[] = [];
  private idleTimer: NodeJS.Timeout | null = null;
  /** Per waiting job: takes an outcome (or the error that stopped the worker), says whether the job is settled. */
  private readonly waiting = new Map<number, (outcome: Outcome | Error) => boolean>();
  /** Told when no job waits any more (closing lets the jobs in hand finish). */
  private readonly drained: (() => void)[] = [];

  constructor(
    private readonly file: URL,
    /** Names the worker in errors: 'the compile worker'. */
    private readonly name: string,
    private readonly options: { idleStopMs?: number } = {},
  ) {}

  /** Jobs posted and not yet settled. */
  get size(): number {
    return this.waiting.size;
  }

  /** `transfer`: buffers of the job the worker takes over (they are unusable here afterwards). */
  post(job: Job, receive: (outcome: Outcome | Error) => boolean, transfer: Transferable[] = []): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = this.worker ?? this.start();
    if (!this.waiting.size) worker.ref();
    this.waiting.set(job.id, receive);
    this.transfers.push(...transfer);
    this.send(job);
  }

  /** A job settled by its first outcome, or rejected with the error that stopped the worker. */
  request(job: Job, transfer: Transferable[] = []): Promise<Outcome> {
    return new Promise<Outcome>((resolve, reject) => {
      this.post(
        job,
        (outcome) => {
          if (outcome instanceof Error) reject(outcome);
          else resolve(outcome);
          return true;
        },
        transfer,
      );
    });
  }

  /** Sends a waiting job again, with more in it (what the worker said it lacked). */
  repost(job: Job): void {
    if (this.waiting.has(job.id)) this.send(job);
  }

  private send(job: Job): void {
    this.outbox.push(job);
    if (this.outbox.length === 1) setImmediate(() => this.flush());
  }

  private flush(): void {
    const jobs = this.outbox;
    const transfers = this.transfers;
    this.outbox = [];
    this.transfers = [];
    this.worker?.postMessage(jobs, transfers);
  }

  /** Lets the jobs in hand finish (a question asked just before shutdown still gets its answer), then stops the worker. */
  async close(): Promise<void> {
    if (this.waiting.size) await new Promise<void>((resolve) => this.drained.push(resolve));
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    const worker = startTypeScriptWorker(this.file);
    worker.unref();
    worker.on('message', (outcomes: Outcome[]) => {
      for (const outcome of outcomes) {
        const receive = this.waiting.get(outcome.id);
        if (receive?.(outcome)) this.waiting.delete(outcome.id);
      }
      if (!this.waiting.size) {
        worker.unref();
        this.tellDrained();
        this.stopWhenIdle(worker);
      }
    });
    const stopped = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failAll(error);
    };
    worker.on('error', stopped);
    worker.on('exit', (code) => stopped(new Error(`${this.name} stopped with exit code ${code}`)));
    this.worker = worker;
    return worker;
  }

  private stopWhenIdle(worker: Worker): void {
    if (this.options.idleStopMs === undefined) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.worker !== worker || this.waiting.size) return;
      this.worker = null;
      void worker.terminate();
    }, this.options.idleStopMs);
    this.idleTimer.unref();
  }

  private failAll(error: Error): void {
    const receivers = [...this.waiting.values()];
    this.waiting.clear();
    for (const receive of receivers) receive(error);
    this.tellDrained();
  }

  private tellDrained(): void {
    for (const resolve of this.drained.splice(0)) resolve();
  }
}

/**
 * The worker's side of a JobThread: runs each job of a message in turn and answers the message with
 * their outcomes in one. `run` turns a job into its outcome, a failure included; a job that must wait
 * (for a model) answers a promise, and the message is then answered once all its jobs are, so the
 * jobs of one message can share that wait (one model run for all their texts). `transfer` names the
 * buffers of an outcome moved to the calling thread rather than copied.
 */
export function serveJobs<Job, Outcome>(run: (job: Job) => Outcome | Promise<Outcome>, transfer?: (outcome: Outcome) => Transferable[]): void {
  const port = parentPort;
  if (!port) throw new Error('a job worker runs as a worker thread');
  const answer = (outcomes: Outcome[]) => port.postMessage(outcomes, transfer ? outcomes.flatMap(transfer) : []);
  port.on('message', (jobs: Job[]) => {
    const outcomes = jobs.map(run);
    // Jobs that all finished at once are answered in this turn, as before any job could wait.
    if (outcomes.some((outcome) => outcome instanceof Promise)) void Promise.all(outcomes).then(answer);
    else answer(outcomes as Outcome[]);
  });
}
