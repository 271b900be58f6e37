// The console's sign-in route must stay small (issue 5: at most 180 KB gzip of JS and CSS): what a
// browser downloads for /login/password until the sign-in form shows, counted in a real Chromium
// against the built console served by the real server.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Request } from '@playwright/test';
import playwrightConfig from '../apps/web/playwright.config';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';

const ROUTE = '/login/password';
const BUDGET = 180 * 1024;

const root = fileURLToPath(new URL('..', import.meta.url));
const webRoot = join(root, 'apps/web/dist');
/** What the console bundle is built from: a change to any of them makes the bundle stale. */
const bundleSources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contracts/src', 'apps/widget/src'];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

function buildConsoleIfStale(): void {
  const index = join(webRoot, 'index.html');
  const sources = bundleSources.map((path) => join(root, path)).filter(existsSync);
  if (existsSync(index) && statSync(index).mtimeMs >= Math.max(...sources.map(newestChange))) return;
  // stdout carries only the figures: the build talks on stderr.
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (build.status !== 0) throw new Error(`The console build failed (exit ${build.status}).`);
}

/** The real server on an empty in-memory database, serving apps/web/dist. */
async function startServer() {
  const database = await openDatabase({});
  await migrateDatabase(database);
  const app = await buildApp({
    db: database.db,
    jwtSecret: randomBytes(32).toString('hex'),
    version: 'bench',
    logLevel: 'warn',
    webRoot,
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const isAsset = (request: Request) => ['script', 'stylesheet'].includes(request.resourceType());

/** Every JS and CSS file requested until the sign-in form is visible, with its gzip size. */
async function measureSignIn(baseUrl: string) {
  const browser = await chromium.launch(playwrightConfig.use?.launchOptions);
  try {
    const page = await browser.newPage();
    const requested: Request[] = [];
    page.on('request', (request) => {
      if (isAsset(request)) requested.push(request);
    });
    await page.goto(new URL(ROUTE, baseUrl).href);
    await page.getByRole('button', { name: 'Sign In' }).waitFor({ state: 'visible' });
    await page.getByLabel('Password', { exact: true }).waitFor({ state: 'visible' });
    // Files requested by then count even when they finish a little later.
    const assets = [...requested];
    const files = await Promise.all(
      assets.map(async (request) => {
        const response = await request.response();
        if (!response?.ok()) throw new Error(`${request.url()} answered ${response?.status() ?? 'nothing'}.`);
        return { path: new URL(request.url()).pathname, gzip_bytes: gzipSync(await response.body()).length };
      }),
    );
    return files.sort((a, b) => b.gzip_bytes - a.gzip_bytes);
  } finally {
    await browser.close();
  }
}

buildConsoleIfStale();
const server = await startServer();
try {
  const files = await measureSignIn(server.url);
  const total = files.reduce((sum, file) => sum + file.gzip_bytes, 0);
  console.log(
    JSON.stringify({
      bench: 'console-size',
      route: ROUTE,
      js_css_gzip_bytes: total,
      budget: BUDGET,
      within_budget: total <= BUDGET,
      files,
    }),
  );
} finally {
  await server.close();
}
