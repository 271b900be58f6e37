import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../server/src/db/client';
import { migrateDatabase } from '../../../server/src/db/migrate';
import {
  deployments,
  intents,
  projectMemberships,
  projects,
  slots,
  workspaceMemberships,
  workspaces,
} from '../../../server/src/db/schema/index';
import { bootstrapSuperUser, createUser } from '../../../server/src/modules/user/service';
import { startMailCatcher } from '../../../server/test/mail-catcher';
import { STAFF_DOMAIN, SUPPORT_ADDRESS, TERMS_ADDRESS, users } from './users';

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Every mail the console sends is appended to a JSON-lines mailbox file that the tests read. */
function startMailbox(mailboxPath: string) {
  return startMailCatcher((mail) => appendFileSync(mailboxPath, `${JSON.stringify(mail)}\n`));
}

/** The people and records the tests rely on, written before the server opens the embedded database. */
async function seed(dataDir: string): Promise<{ workspaceId: string; projectId: string; deploymentId: string }> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  try {
    await migrateDatabase(database);
    const ctx = { db: database.db, now: () => new Date() };
    await bootstrapSuperUser(ctx, { email: users.admin.email, password: users.admin.password });
    const created = [];
    for (const user of [users.plain, users.mfa, users.forgetful, users.guest, users.staff]) {
      created.push(
        await createUser(ctx, {
          email: user.email,
          displayName: user.displayName,
          password: user.password,
          isMfaEnabled: user.mfa,
        }),
      );
    }
    const [workspace] = await database.db
      .insert(workspaces)
      .values({ displayName: 'Acme Support', status: 'active' })
      .returning();
    const [project] = await database.db
      .insert(projects)
      .values({ workspaceId: workspace!.id, displayName: 'Help Centre' })
      .returning();
    const plain = created[0]!;
    await database.db.insert(workspaceMemberships).values({ workspaceId: workspace!.id, userId: plain.id, role: 'admin' });
    await database.db.insert(projectMemberships).values({ projectId: project!.id, userId: plain.id, role: 'admin' });
    const staff = created[4]!;
    await database.db.insert(projectMemberships).values({ projectId: project!.id, userId: staff.id, role: 'viewer' });
    const [deployment] = await database.db
      .insert(deployments)
      .values({ projectId: project!.id, displayName: 'Production', key: 'e2e-production' })
      .returning();
    // Knowledge of the seeded project that an archive carries to another workspace.
    await database.db.insert(intents).values({
      projectId: project!.id,
      intent: 'Opening Hours',
      utterances: ['When are you open?', 'What are your opening hours?'],
    });
    await database.db.insert(slots).values({ projectId: project!.id, name: 'Weekday', terms: ['Monday', 'Tuesday'] });
    // A second workspace of Ada's, where archives are imported.
    const [archiveWorkspace] = await database.db
      .insert(workspaces)
      .values({ displayName: 'Acme Archive', status: 'active' })
      .returning();
    await database.db
      .insert(workspaceMemberships)
      .values({ workspaceId: archiveWorkspace!.id, userId: plain.id, role: 'admin' });
    // Enough workspaces for the list to need a second page.
    await database.db.insert(workspaces).values(
      Array.from({ length: 12 }, (_, index) => ({
        displayName: `Branch ${String(index + 1).padStart(2, '0')}`,
        status: index % 3 === 0 ? ('blocked' as const) : ('active' as const),
      })),
    );
    return { workspaceId: workspace!.id, projectId: project!.id, deploymentId: deployment!.id };
  } finally {
    await database.close();
  }
}

async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}.`);
    const healthy = await fetch(`${url}/healthz`).then((response) => response.ok, () => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The server did not answer /healthz within a minute.');
}

/** Starts the real server (built console, embedded database, SMTP to the test mailbox) for the browser tests. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'console-e2e-'));
  const dataDir = path.join(workDir, 'data');
  const mailboxPath = path.join(workDir, 'mailbox.jsonl');
  const mailbox = await startMailbox(mailboxPath);
  const ids = await seed(dataDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      PUBLIC_URL: baseUrl,
      SUPPORT_EMAIL: SUPPORT_ADDRESS,
      TERMS_URL: TERMS_ADDRESS,
      STAFF_EMAIL_DOMAIN: STAFF_DOMAIN,
      // The flows' business-logic endpoints in the tests run on this machine, as a team's would in development.
      OUTBOUND_ALLOW_PRIVATE: 'true',
      LOG_LEVEL: 'warn',
      // Every test signs in from 127.0.0.1; the default would throttle the suite, not a person.
      LOGIN_MAX_CALLS_PER_ADDRESS: '1000',
    },
  });
  await waitForHealth(baseUrl, server);

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAILBOX = mailboxPath;
  process.env.E2E_WORKSPACE_ID = ids.workspaceId;
  process.env.E2E_PROJECT_ID = ids.projectId;
  process.env.E2E_DEPLOYMENT_ID = ids.deploymentId;

  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    await mailbox.close();
    rmSync(workDir, { recursive: true, force: true });
  };
}
