// The chat widget must stay small on customers' pages (issue 5): at most 5 KB gzip of loader before
// the visitor opens the chat, at most 40 KB gzip of JS and CSS in all (the CSS is inside the scripts).
// Measures the built files: loader.js and the chat bundle it names.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const LOADER_BUDGET = 5 * 1024;
const TOTAL_BUDGET = 40 * 1024;

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'apps/widget/dist');
const loaderPath = join(dist, 'loader.js');
/** What the widget is built from: a change to any of them makes the build stale. */
const widgetSources = ['apps/widget/src', 'apps/widget/build.ts', 'packages/contracts/src'];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

function buildWidgetIfStale(): void {
  const sources = widgetSources.map((path) => join(root, path)).filter(existsSync);
  if (existsSync(loaderPath) && statSync(loaderPath).mtimeMs >= Math.max(...sources.map(newestChange))) return;
  // stdout carries only the figures: the build talks on stderr.
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'apps/widget'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (build.status !== 0) throw new Error(`The widget build failed (exit ${build.status}).`);
}

const gzipBytes = (path: string) => gzipSync(readFileSync(path)).length;

buildWidgetIfStale();
const loader = readFileSync(loaderPath, 'utf8');
const chatBundle = /chat-[\w-]+\.js/.exec(loader)?.[0];
if (!chatBundle) throw new Error('loader.js names no chat bundle.');
const loaderGzip = gzipBytes(loaderPath);
const chatGzip = gzipBytes(join(dist, chatBundle));
const total = loaderGzip + chatGzip;
console.log(
  JSON.stringify({
    bench: 'widget-size',
    loader_gzip_bytes: loaderGzip,
    total_gzip_bytes: total,
    loader_budget: LOADER_BUDGET,
    total_budget: TOTAL_BUDGET,
    within_budget: loaderGzip <= LOADER_BUDGET && total <= TOTAL_BUDGET,
    files: [
      { path: '/widget/loader.js', gzip_bytes: loaderGzip },
      { path: `/widget/${chatBundle}`, gzip_bytes: chatGzip },
    ],
  }),
);
