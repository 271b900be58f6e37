import { defineProject } from 'vitest/config';

// Component tests render the widget with React 19 (as the console does) in happy-dom; the standalone
// preact/compat bundle is exercised in a real browser by apps/web/e2e/widget.spec.ts.
export default defineProject({
  test: {
    name: 'widget',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    // The stylesheet is part of the component (a string injected into its shadow root).
    css: true,
  },
});
