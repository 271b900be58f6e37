import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'encoder', include: ['src/**/*.test.ts'] },
});
