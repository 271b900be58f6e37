// `npm test`: every check and test case of the project, ending with the line `N passed, N failed`.
// Steps: lint, type check, unit, component and API tests (Vitest), build the chat widget and the console,
// browser tests (Playwright + Debian's Chromium).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const output = join(root, '.test-output');
rmSync(output, { recursive: true, force: true });
mkdirSync(output, { recursive: true });

let passed = 0;
let failed = 0;

function run(command, args, env = {}) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** A whole step that is one test case (lint, type check, build). */
function check(name, command, args) {
  const ok = run(command, args);
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}`);
  if (ok) passed += 1;
  else failed += 1;
  return ok;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** Chromium comes from Debian's package; install it when it is missing and we may. */
function ensureChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return true;
  if (existsSync('/usr/bin/chromium')) return true;
  if (process.getuid?.() !== 0) {
    console.error('Chromium is missing: install Debian\'s "chromium" package or set CHROMIUM_PATH.');
    return false;
  }
  console.log('Installing Chromium from Debian\'s packages...');
  return (
    run('apt-get', ['update', '-qq']) &&
    run('apt-get', ['install', '-y', '-qq', 'chromium'], { DEBIAN_FRONTEND: 'noninteractive' })
  );
}

check('lint', 'npx', ['eslint', '.']);
check('one name per domain', 'node', ['scripts/check-domain-names.mjs']);
// No import cycle, type-only imports included (-T false: dpdm reads the TypeScript as written, types and all).
// The console resolves its '@/' alias with its own tsconfig.
const noCycles = ['dpdm', '--no-warning', '--no-tree', '-T', 'false', '--exit-code', 'circular:1'];
check('no import cycles', 'npx', [
  ...noCycles,
  'packages/contracts/src/**/*.ts',
  'packages/engine/src/**/*.ts',
  'packages/encoder/src/**/*.ts',
  'apps/server/src/**/*.ts',
  'apps/widget/src/**/*.{ts,tsx}',
]);
check('no import cycles in the console', 'npx', [...noCycles, '--tsconfig', 'apps/web/tsconfig.json', 'apps/web/src/**/*.{ts,tsx}']);
check('typecheck', 'npm', ['run', 'typecheck']);

const vitestReport = join(output, 'vitest.json');
run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
const vitest = readJson(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitest.numRuntimeErrorTestSuites ?? 0);
} else {
  console.error('FAIL vitest did not report');
  failed += 1;
}

// The browser tests load the widget from the server, as a customer's page does.
const built =
  check('build widget', 'npm', ['run', 'build', '--workspace', 'apps/widget']) &&
  check('build console', 'npm', ['run', 'build', '--workspace', 'apps/web']);
if (built && ensureChromium()) {
  const e2eReport = join(output, 'e2e.json');
  run('npx', ['playwright', 'test', '--config', 'apps/web/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  });
  const e2e = readJson(e2eReport);
  if (e2e) {
    passed += e2e.stats.expected + e2e.stats.flaky;
    failed += e2e.stats.unexpected + (e2e.errors?.length ?? 0);
  } else {
    console.error('FAIL browser tests did not report');
    failed += 1;
  }
} else {
  console.error('FAIL browser tests did not run');
  failed += 1;
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
