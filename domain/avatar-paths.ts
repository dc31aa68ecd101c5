/**
 * Where avatars are served (SPEC §3), in a module of its own: the service worker's build (vite.config.ts)
 * caches these paths and should not load the schemas to learn them.
 */

/** Folder of student avatars (SPEC §3). */
export const STUDENT_AVATAR_PATH = '/storage/images/avatar/student';
/** Folder of staff avatars (SPEC §3). */
export const USER_AVATAR_PATH = '/storage/images/avatar/user';
/** The file shown when a user has no avatar (SPEC §3). */
export const DEFAULT_AVATAR_FILE = 'default-avatar.svg';
