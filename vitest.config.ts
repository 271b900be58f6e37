import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { webComponentsProject } from './apps/web/vitest.config.ts';

/** The API suite runs on the embedded database, and a second time on PostgreSQL when TEST_DATABASE_URL is set. */
function serverSuite(engine: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  return {
    extends: './apps/server/vitest.config.ts',
    root: './apps/server',
    test: { name: `server:${engine}`, env: { TEST_DATABASE_ENGINE: engine } },
  };
}

// One runner for every unit, component and API test; browser tests run through Playwright (apps/web/playwright.config.ts).
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'packages/encoder',
      'packages/engine',
      'apps/web',
      webComponentsProject,
      'apps/widget',
      serverSuite('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverSuite('postgres')] : []),
    ],
  },
});
