import { hash, verify } from '@node-rs/argon2';
import type { PasswordHashingConfig } from './config';

/** Hashes and checks passwords with argon2id (the library's default algorithm). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** True when `password` matches `passwordHash`; with no hash it burns the same time and answers false. */
  verify(passwordHash: string | undefined, password: string): Promise<boolean>;
}

/** Builds a hasher with the given cost; the dummy hash makes an unknown account cost as much as a known one. */
export async function createPasswordHasher(cost: PasswordHashingConfig): Promise<PasswordHasher> {
  const options = { memoryCost: cost.memoryCost, timeCost: cost.timeCost };
  const dummyHash = await hash('not-a-password-of-anyone', options);
  return {
    hash: (password) => hash(password, options),
    async verify(passwordHash, password) {
      if (passwordHash === undefined) {
        await verify(dummyHash, password).catch(() => false);
        return false;
      }
      return verify(passwordHash, password).catch(() => false);
    },
  };
}
