import { defineConfig } from '@lingui/cli';

// English is the source language of the code; Japanese is the default and the fallback (SPEC §1).
export default defineConfig({
  locales: ['ja', 'vi', 'en'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'ja' },
  catalogs: [
    { path: '<rootDir>/locales/{locale}/messages', include: ['src'], exclude: ['**/node_modules/**'] },
  ],
  format: 'po',
  compileNamespace: 'ts',
});
