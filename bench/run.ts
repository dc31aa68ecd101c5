import { existsSync } from 'node:fs';
import path from 'node:path';
import { benchAchievementGrid } from './achievement-grid';
import { benchArgon2 } from './argon2-hash';
import { benchSignInAndMaster } from './sign-in-and-master';

// `npm run bench`: prints figures; nothing here asserts a time (tests never do).
const root = path.resolve(import.meta.dirname, '..');
if (!existsSync(path.join(root, 'dist', 'index.html'))) {
  console.error('No build in dist/: run `npm run build` first (npm run bench does).');
  process.exit(1);
}

console.log(`# School admin benchmarks (${new Date().toISOString()}, Node ${process.version})\n`);
console.log('## Sign-in and master data (walking skeleton)');
await benchSignInAndMaster();

console.log('\n## Password hashing');
await benchArgon2();

console.log('\n## Achievement score grid (50 × 30, Chromium)');
await benchAchievementGrid();
