// A domain has one name in its three places: packages/contracts/src/<name>.ts, apps/server/src/modules/<name>/ and
// apps/web/src/features/<name>/. Exits non-zero, listing each problem, when a name is spelt two ways (a plural beside
// a singular) or a server module or console feature has no contracts file of the same name and is not listed below.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Server modules that are no domain of the API's contracts: transport and assets. */
const serverOnly = {
  about: 'the build and version the server reports; its schema is part of health',
  avatar: 'serves generated avatar images, no JSON contract',
  snapshot: 'the immutable sync snapshot and its compiled index, internal to sync, deploy and chat',
  web: 'serves the built console',
  widget: 'serves the built chat widget',
};

/** Console folders that are screens over other domains' contracts. */
const webOnly = {
  'real-time-test': 'the console drawer that asks the chat API',
};

function names(dir, { files }) {
  return readdirSync(new URL(dir, `file://${root}/`), { withFileTypes: true })
    .filter((entry) => (files ? entry.isFile() && /^[a-z-]+\.ts$/.test(entry.name) && entry.name !== 'index.ts' : entry.isDirectory()))
    .map((entry) => entry.name.replace(/\.ts$/, ''));
}

const places = {
  contracts: names('packages/contracts/src/', { files: true }),
  server: names('apps/server/src/modules/', { files: false }),
  web: names('apps/web/src/features/', { files: false }),
};

/** The singular a plural folder name would have: 'entries' -> 'entry', 'slots' -> 'slot'; 'analytics' stays. */
function singular(name) {
  if (name === 'analytics') return name;
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`;
  if (name.endsWith('s') && !name.endsWith('ss')) return name.slice(0, -1);
  return name;
}

const problems = [];
const spellings = new Map();
for (const [place, list] of Object.entries(places)) {
  for (const name of list) {
    // The contracts also hold cross-cutting rules (constants, errors, roles), which are no domain folders.
    if (place !== 'contracts' && singular(name) !== name) problems.push(`${place}: '${name}' is plural; a domain is named in the singular ('${singular(name)}')`);
    const key = singular(name);
    spellings.set(key, new Set([...(spellings.get(key) ?? []), name]));
  }
}
for (const [key, spelt] of spellings) {
  if (spelt.size > 1) problems.push(`'${key}' is spelt ${[...spelt].map((s) => `'${s}'`).join(' and ')}`);
}
const contracts = new Set(places.contracts);
for (const name of places.server) {
  if (!contracts.has(name) && !(name in serverOnly)) {
    problems.push(`server module '${name}' has no packages/contracts/src/${name}.ts (name it as the contracts do, or list it in serverOnly with why)`);
  }
}
for (const name of places.web) {
  if (!contracts.has(name) && !(name in webOnly)) {
    problems.push(`console feature '${name}' has no packages/contracts/src/${name}.ts (name it as the contracts do, or list it in webOnly with why)`);
  }
}
for (const [list, place] of [[serverOnly, places.server], [webOnly, places.web]]) {
  for (const name of Object.keys(list)) {
    if (!place.includes(name)) problems.push(`'${name}' is listed as an exception but no longer exists: remove it from the list`);
  }
}

if (problems.length > 0) {
  console.error(`Domain names differ between contracts, server and console:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`One name per domain: ${places.contracts.length} contracts files, ${places.server.length} server modules, ${places.web.length} console features.`);
