import { unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../../config';

/** The folder kind of an avatar: students and staff are kept apart (SPEC §3). */
export type AvatarKind = 'student' | 'user';

/** Both kinds, for a removal that must find a file whichever folder it was stored in. */
const AVATAR_KINDS: readonly AvatarKind[] = ['student', 'user'];

/** The name `storeAvatar` gives a file: a uuid and the picture's extension, nothing that leaves the folder. */
const AVATAR_FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/i;

/** Where uploaded files are kept (`DATA_DIR/storage`); a folder under the OS temp folder when unset (tests). */
export function storageDirOf(config: Pick<AppConfig, 'storageDir'>): string {
  return config.storageDir ?? path.join(os.tmpdir(), 'school-admin-storage');
}

/** Where avatars of a kind are stored. */
export function avatarFolder(storageDir: string, kind: AvatarKind): string {
  return path.join(storageDir, 'images', 'avatar', kind);
}

/**
 * Deletes the avatar files of these names from both kinds' folders; a file already gone is not an error, so a
 * removal tried again does nothing more. Answers how many files it deleted. Names `storeAvatar` never gives
 * are skipped: a stored value is never a path.
 */
export async function removeAvatarFiles(storageDir: string, fileNames: readonly string[]): Promise<number> {
  let removed = 0;
  for (const fileName of fileNames) {
    if (!AVATAR_FILE_NAME.test(fileName)) continue;
    for (const kind of AVATAR_KINDS) {
      try {
        await unlink(path.join(avatarFolder(storageDir, kind), fileName));
        removed += 1;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  return removed;
}
