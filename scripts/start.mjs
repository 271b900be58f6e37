// `npm start`: build the chat widget and the console when a bundle is missing or older than its
// sources, then run the server in this process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Each bundle: the file its build writes last, and what it is built from. */
const bundles = [
  {
    name: 'the chat widget',
    workspace: 'apps/widget',
    output: 'apps/widget/dist/loader.js',
    sources: ['apps/widget/src', 'apps/widget/build.ts', 'packages/contracts/src'],
  },
  {
    name: 'the console',
    workspace: 'apps/web',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contracts/src', 'apps/widget/src'],
  },
];

function newestChange(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

const sourcesChanged = (sources) =>
  Math.max(...sources.map((path) => join(root, path)).filter(existsSync).map(newestChange));

for (const bundle of bundles) {
  const output = join(root, bundle.output);
  if (existsSync(output) && statSync(output).mtimeMs >= sourcesChanged(bundle.sources)) continue;
  console.log(`Building ${bundle.name}...`);
  const build = spawnSync('npm', ['run', 'build', '--workspace', bundle.workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
