import { fileURLToPath } from 'node:url';
import { defineProject, type TestProjectInlineConfiguration } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const resolve = { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } };

// Unit tests of the console's plain modules (storage rules, API client); browser tests live in e2e/ (Playwright).
export default defineProject({
  resolve,
  test: {
    name: 'web',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});

/**
 * Component tests (`*.test.tsx` beside the component): rendered with Testing Library in happy-dom, the
 * DOM the widget's tests use. A second project rather than a second environment here because a project
 * file holds one; the root config lists it (a project extending this file would add to its `include`).
 */
export const webComponentsProject = {
  root,
  resolve,
  test: {
    name: 'web:components',
    include: ['src/**/*.test.tsx'],
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
  },
} satisfies TestProjectInlineConfiguration;
