import { defineConfig } from '@lingui/cli';

/**
 * The sources of the screens before sign-in (sign-in, two-step code, password forms) and of what they show:
 * their messages form a small catalogue of their own, so the sign-in page loads a tenth of the words (issue
 * #24); the rest come with the signed-in app (`activateLocale` in src/i18n/i18n.ts).
 */
const SIGN_IN_SOURCES = [
  'src/features/auth',
  'src/routes/login.tsx',
  'src/routes/otp.tsx',
  'src/routes/change-password.tsx',
  'src/routes/forgot-password.tsx',
  'src/routes/reset-password.$token.tsx',
  'src/app/after-sign-in.ts',
  'src/app/language-switch.tsx',
  'src/app/offline-banner.tsx',
  'src/app/status-screens.tsx',
  'src/i18n/error-messages.ts',
  'src/ui/dialog.tsx',
  'src/ui/toast.tsx',
];

// A test naming a message to find it in a catalogue adds no message.
const TESTS = '**/*.test.*';

// English is the source language of the code; Japanese is the default and the fallback (SPEC §1).
export default defineConfig({
  locales: ['ja', 'vi', 'en'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'ja' },
  catalogs: [
    { path: '<rootDir>/locales/{locale}/sign-in', include: SIGN_IN_SOURCES, exclude: [TESTS] },
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src'],
      exclude: [
        '**/node_modules/**',
        TESTS,
        ...SIGN_IN_SOURCES.map((source) => (source.includes('.') ? source : `${source}/**`)),
      ],
    },
  ],
  format: 'po',
  compileNamespace: 'ts',
});
