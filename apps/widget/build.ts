// Builds the standalone widget into dist/ (served at /widget/ by the server):
//   chat-<hash>.js  the chat bundle: ChatWidget rendered with preact/compat (classic script, IIFE)
//   loader.js       the snippet's script: plain DOM, names the chat bundle it loads
// The chat bundle the previous loader named is kept, so a page holding that loader still finds it.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build, type InlineConfig, type Rolldown } from 'vite';

const root = import.meta.dirname;
const widgetDist = join(root, 'dist');
const CHAT_BUNDLE = /^chat-[\w-]+\.js$/;

/** The same React components, rendered by preact/compat: a fraction of React's size. */
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

function classicScript(entry: string, fileName: string, define: Record<string, string> = {}): InlineConfig {
  return {
    configFile: false,
    root,
    logLevel: 'warn',
    resolve: { alias: preactAliases },
    define,
    build: {
      outDir: widgetDist,
      emptyOutDir: false,
      copyPublicDir: false,
      modulePreload: false,
      target: 'es2020',
      rolldownOptions: {
        input: join(root, entry),
        output: {
          format: 'iife',
          entryFileNames: fileName,
          // Non-ASCII characters escaped: the scripts read the same whatever charset a proxy or CDN declares.
          charset: 'ascii',
        },
      },
    },
  };
}

/** A page may hold the current loader for its cache lifetime: the bundle it names stays beside the new one. */
function removeChatBundlesButCurrent(): void {
  mkdirSync(widgetDist, { recursive: true });
  const loader = join(widgetDist, 'loader.js');
  const current = existsSync(loader) ? /chat-[\w-]+\.js/.exec(readFileSync(loader, 'utf8'))?.[0] : undefined;
  for (const name of readdirSync(widgetDist)) {
    if (CHAT_BUNDLE.test(name) && name !== current) rmSync(join(widgetDist, name));
  }
}

function outputFile(result: Awaited<ReturnType<typeof build>>): string {
  const output = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
  const chunk = output.output.find((file) => file.type === 'chunk' && file.isEntry);
  if (!chunk) throw new Error('The chat build produced no entry chunk.');
  return chunk.fileName;
}

removeChatBundlesButCurrent();
const chat = outputFile(await build(classicScript('src/standalone/chat.tsx', 'chat-[hash].js')));
// The loader is built second: it names the chat bundle.
await build(classicScript('src/standalone/loader.ts', 'loader.js', { __CHAT_BUNDLE__: JSON.stringify(chat) }));
console.error(`Widget built: ${join(widgetDist, 'loader.js')} and ${join(widgetDist, chat)}`);
