import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { LIMITS } from '../../../domain/limits';
import { ValidationCode } from '../../../domain/validation-codes';
import { validationFailed } from '../../http-error';
import { type AvatarKind, avatarFolder } from '../shared/avatar-files';

// Large enough for any header or profile view; re-encoding at this size also drops whatever the file
// carried besides the picture (metadata, trailing bytes, polyglot payloads).
const AVATAR_SIZE_PX = 512;

/** The built-in default avatar (SPEC §3 default-avatar.svg): a neutral head and shoulders. */
export const DEFAULT_AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="avatar"><rect width="64" height="64" fill="#e2e8f0"/><circle cx="32" cy="25" r="12" fill="#94a3b8"/><path d="M10 60c2-13 11-20 22-20s20 7 22 20z" fill="#94a3b8"/></svg>`;

/**
 * Checks an uploaded avatar by its content (PNG or JPEG whatever its name or declared type, at most 4 MB),
 * re-encodes it and stores it under `storageDir/images/avatar/<kind>/`; returns the new file name.
 */
export async function storeAvatar(storageDir: string, kind: AvatarKind, bytes: Buffer): Promise<string> {
  if (bytes.length > LIMITS.avatarMaxBytes)
    throw validationFailed({ avatar: [ValidationCode.avatarTooLarge] });
  if (bytes.length === 0) throw validationFailed({ avatar: [ValidationCode.avatarType] });
  const format = await formatOf(bytes);
  if (format !== 'png' && format !== 'jpeg') throw validationFailed({ avatar: [ValidationCode.avatarType] });

  const pipeline = sharp(bytes, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' });
  const encoded = await (format === 'png' ? pipeline.png() : pipeline.jpeg({ quality: 85 }))
    .toBuffer()
    .catch(() => undefined);
  if (!encoded) throw validationFailed({ avatar: [ValidationCode.avatarType] });
  const fileName = `${randomUUID()}.${format === 'png' ? 'png' : 'jpg'}`;
  const folder = avatarFolder(storageDir, kind);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, fileName), encoded);
  return fileName;
}

/** The image format the bytes really hold, or undefined when sharp cannot read them. */
async function formatOf(bytes: Buffer): Promise<string | undefined> {
  try {
    return (await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata()).format;
  } catch {
    return undefined;
  }
}
