// A worker thread does not inherit the parent's TypeScript loader on Node 20: register it, then run the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./compile-worker-main.ts');
