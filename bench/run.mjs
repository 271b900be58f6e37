// `npm run bench`: runs every benchmark in this folder (files named *.bench.ts), one after another,
// each printing its figures as JSON lines on stdout. `npm run bench -- <name>` runs the ones whose
// file name contains <name>.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const filter = process.argv[2] ?? '';
const files = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts') && name.includes(filter))
  .sort();
let failed = 0;
for (const file of files) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(here, file)], { stdio: 'inherit', cwd: join(here, '..') });
  if (result.status !== 0) {
    failed += 1;
    console.log(JSON.stringify({ bench: file.replace(/\.bench\.ts$/, ''), error: `exited with ${result.status}` }));
  }
}
process.exit(failed ? 1 : 0);
