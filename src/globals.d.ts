/** The id of this build, defined by vite.config.ts and written to dist/build.json. */
declare const __BUILD_ID__: string;

/** Catalogs compiled on import by @lingui/vite-plugin. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** Build-time settings the app reads (all optional). */
interface ImportMetaEnv {
  /** Where the footer's feedback link goes. */
  readonly VITE_FEEDBACK_URL?: string;
  /** The platform the footer credits. */
  readonly VITE_PLATFORM_NAME?: string;
}
