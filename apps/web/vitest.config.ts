import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// Unit tests of the console's plain modules (storage rules, API client); browser tests live in e2e/ (Playwright).
export default defineProject({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
