// Entry of the database thread (pglite-thread.ts). Node 20 loads a worker's first file without the loaders the
// process was started with, so this plain module registers tsx in the worker and then imports the TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-thread.worker.ts');
