import { hash, verify } from '@node-rs/argon2';
import { ms, percentile } from './server-process';

/** argon2id with the library defaults the server uses in production (tests lower the cost). */
export async function benchArgon2(): Promise<void> {
  const hashTimes: number[] = [];
  let stored = '';
  for (let run = 0; run < 10; run++) {
    const started = performance.now();
    stored = await hash('bench-password-2026');
    hashTimes.push(performance.now() - started);
  }
  const verifyTimes: number[] = [];
  for (let run = 0; run < 10; run++) {
    const started = performance.now();
    await verify(stored, 'bench-password-2026');
    verifyTimes.push(performance.now() - started);
  }
  console.log(
    `argon2id hash (defaults: ${stored.split('$')[3] ?? '?'}), 10 runs: p50 ${ms(percentile(hashTimes, 50))}, p95 ${ms(percentile(hashTimes, 95))}`,
  );
  console.log(
    `argon2id verify, 10 runs: p50 ${ms(percentile(verifyTimes, 50))}, p95 ${ms(percentile(verifyTimes, 95))}`,
  );
}
