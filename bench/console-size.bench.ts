// The console's sign-in route must stay small (issue 5: at most 180 KB gzip of JS and CSS): what a
// browser downloads for /login/password until the sign-in form shows (the page's scripts,
// modulepreloads and stylesheets, and the chunks the route loads lazily), counted in Debian's
// Chromium against the built console served by the real server.
import { gzipSync } from 'node:zlib';
import { chromium, type Request } from '@playwright/test';
import playwrightConfig from '../apps/web/playwright.config';
import { buildIfStale } from './support/build-if-stale';
import { removeDataDir, startServer } from './support/server';

const ROUTE = '/login/password';
const BUDGET = 180 * 1024;

const isAsset = (request: Request) =>
  ['script', 'stylesheet'].includes(request.resourceType()) || /\.(m?js|css)$/.test(new URL(request.url()).pathname);

/** Every JS and CSS file requested until the sign-in form is visible, with its gzip size, largest first. */
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
    const files = await Promise.all(
      [...requested].map(async (request) => {
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

buildIfStale('apps/web', 'apps/web/dist/index.html', [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.cjs',
  'packages/contracts/src',
  'apps/widget/src',
]);
const server = await startServer();
try {
  const files = await measureSignIn(server.baseUrl);
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
  await server.stop();
  removeDataDir(server);
}
