import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    // Opening an embedded database and hashing with argon2 take a few seconds per file.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
