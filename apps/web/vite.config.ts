import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API server the dev server forwards to (apps/server, default port 8080; API_TARGET overrides). */
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/image': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // The contracts only declare schemas and messages: a bundle keeps just the files whose exports
        // it uses, so the sign-in screens do not carry every area's schemas.
        moduleSideEffects: (id) => (/[\\/]packages[\\/]contracts[\\/]src[\\/]/.test(id) ? false : undefined),
      },
      output: {
        // Libraries change less often than the console: separate chunks stay cached across releases.
        // Only what the first screen imports statically ('$initial') joins the vendor chunk; any other
        // library splits naturally with the lazily loaded pages that use it, so sign-in carries none.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'] },
            // use-sync-external-store serves the editor, the charts and the canvas alike, so it gets a chunk of its own,
            // listed before them: a group takes its modules' dependencies too, and the first to take it would make the
            // others load that group whole. Sign-in needs none of them.
            { name: 'vendor-store', test: /node_modules[\\/]use-sync-external-store[\\/]/ },
            // The rich-text editor (TipTap, ProseMirror) loads with the pages that use it, never with sign-in.
            { name: 'vendor-editor', test: /node_modules[\\/](@tiptap|prosemirror-[a-z-]+|linkifyjs|orderedmap|rope-sequence|w3c-keyname)[\\/]/ },
            // The d3 parts both the canvas and the charts use: a group of their own, or the first of those
            // groups to take them (with its other dependencies) would make the other page load it whole.
            { name: 'vendor-d3', test: /node_modules[\\/]d3-(interpolate|color)[\\/]/ },
            // The sequence builder's canvas (React Flow and the d3 parts only it uses) loads with the builder alone.
            { name: 'vendor-flow', test: /node_modules[\\/](@xyflow|zustand|classcat|d3-(drag|zoom|selection|transition|dispatch|timer|ease))[\\/]/ },
            // The dashboard's charts (Recharts and what only it uses) load with the dashboard alone.
            {
              name: 'vendor-charts',
              test: /node_modules[\\/](@mantine[\\/]charts|recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs|redux|redux-thunk|react-redux|reselect|immer|decimal\.js-light)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
