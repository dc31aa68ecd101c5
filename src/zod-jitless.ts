// The app runs under a Content Security Policy without 'unsafe-eval' (server/plugins/security-headers.ts).
// zod compiles fast object parsers with `new Function` unless told not to, and decides so when each schema is
// built, from the settings object it shares on this global. So this file imports nothing and must run before
// any schema exists: it is the sync worker's first import, and the page's first import, in a chunk of its own
// (vite.config.ts) that runs before the other chunks of the first script; zod itself loads later, with the
// first screen or call that needs it.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
