import { defineConfig } from 'vitest/config';

// One runner for every unit and API test; browser tests run through Playwright (scripts/e2e.mjs).
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server'],
  },
});
