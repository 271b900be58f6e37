import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

function newestChange(file: string): number {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(file).reduce((newest, name) => Math.max(newest, newestChange(path.join(file, name))), stat.mtimeMs);
}

/**
 * Runs a workspace's `npm run build` when its output is missing or older than any of its sources
 * (paths from the repository root), so a benchmark measures the current code.
 */
export function buildIfStale(workspace: string, output: string, sources: string[]): void {
  const built = path.join(root, output);
  const inputs = sources.map((source) => path.join(root, source)).filter(existsSync);
  if (existsSync(built) && statSync(built).mtimeMs >= Math.max(...inputs.map(newestChange))) return;
  // stdout carries only the figures: the build talks on stderr.
  const build = spawnSync('npm', ['run', 'build', '--workspace', workspace], { cwd: root, stdio: ['ignore', 2, 2] });
  if (build.status !== 0) throw new Error(`The build of ${workspace} failed (exit ${build.status}).`);
}
