import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The console's layers: shared code (components/, hooks/, lib/, config/) -> features/<name>/ -> app/
 * (router, routes, shell). Each imports only the layers before it, and a feature only itself, so a
 * screen can change without reaching into another area; what several features use moves to a shared
 * folder, and a page composing several moves to app/routes. The rule is generated per folder, read
 * from disk when the config loads, because a relative path leaves the feature at a different depth in
 * each folder. An exception would be listed here with its reason; there is none.
 */
const webSrc = 'apps/web/src';

/** `dir` and every folder below it, as paths from the repository root. */
function folders(dir) {
  const below = readdirSync(new URL(dir, import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return [dir, ...below.flatMap((entry) => folders(`${dir}/${entry.name}`))];
}

/** A relative path climbing `levels` folders (or more). */
const climbing = (levels) => `^\\.\\.(/\\.\\.){${levels - 1}}(/|$)`;

/**
 * Forbids imports whose path matches one of `regexes`: static ones (no-restricted-imports) and
 * lazy `import()` calls (no-restricted-syntax; esquery's regex takes no '/', hence \x2F).
 */
function forbidImports(files, regexes, message) {
  return {
    files: [`${files}/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: regexes.map((regex) => ({ regex, caseSensitive: true, message })) }],
      'no-restricted-syntax': [
        'error',
        ...regexes.map((regex) => ({ selector: `ImportExpression > Literal[value=/${regex.replaceAll('/', '\\x2F')}/]`, message })),
      ],
    },
  };
}

const featureRules = readdirSync(new URL(`${webSrc}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap(({ name }) =>
    folders(`${webSrc}/features/${name}`).map((dir) =>
      forbidImports(
        dir,
        // From apps/web/src/features/<name>/<sub...>, one '..' more than the <sub...> folders leaves the feature.
        [`^@/features/(?!${name}(/|$))`, '^@/app(/|$)', climbing(dir.split('/').length - 4)],
        `features/${name} imports only shared code (components/, hooks/, lib/, config/) and itself: move what several features use to a shared folder, or the page composing them to app/routes.`,
      ),
    ),
  );

const sharedRules = ['components', 'hooks', 'lib', 'config'].flatMap((top) =>
  folders(`${webSrc}/${top}`).map((dir) => {
    // As many '..' as folders below apps/web/src lead back to it, from where features/ or app/ would follow.
    const depth = dir.split('/').length - 3;
    return forbidImports(
      dir,
      ['^@/(features|app)(/|$)', `^\\.\\.(/\\.\\.){${depth - 1}}/(features|app)(/|$)`],
      'Shared code (components/, hooks/, lib/, config/) imports no feature and nothing from app/: they build on it.',
    );
  }),
);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/drizzle/meta/**', 'test-results/**', '.test-output/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/widget/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...featureRules,
  ...sharedRules,
);
