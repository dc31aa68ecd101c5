import { existsSync } from 'node:fs';
import path from 'node:path';
import { benchAbsenceNotices } from './absence-notices';
import { benchAccessLog } from './access-log';
import { benchAchievementGrid } from './achievement-grid';
import { benchAdminOnDemand } from './admin-on-demand';
import { benchArgon2 } from './argon2-hash';
import { benchDashboardFirstCard } from './dashboard-first-card';
import { benchDurability } from './durability';
import { benchLoad } from './load';
import { benchMorning } from './morning';
import { benchPeopleSearch } from './people-search';
import { benchPullCount } from './pull-count';
import { benchReports } from './reports';
import { benchRequestsSearch } from './requests-search';
import { benchSchedulesMonth } from './schedules-month';
import { benchSignInAndMaster } from './sign-in-and-master';
import { benchSpeed } from './speed';
import { benchSubjectsCopy } from './subjects-copy';
import { benchLiveQuery, benchSync } from './sync-figures';

// `npm run bench`: prints figures; nothing here asserts a time (tests never do).
const root = path.resolve(import.meta.dirname, '..');
// STATIC_DIR (the server's own setting) points every bench server at another build, e.g. one of a shared tree.
const built = process.env.STATIC_DIR ?? path.join(root, 'dist');
if (!existsSync(path.join(built, 'index.html'))) {
  console.error(`No build in ${built}: run \`npm run build\` first (npm run bench does).`);
  process.exit(1);
}

// `npm run bench -- sync` runs one section only; no argument runs them all.
const only = process.argv[2];
const sections: [key: string, title: string, run: () => Promise<void>][] = [
  ['sign-in', 'Sign-in and master data (walking skeleton)', benchSignInAndMaster],
  ['dashboard', 'Dashboard: cold load to the first card', benchDashboardFirstCard],
  ['achievement', 'Achievement score grid (50 × 30, Chromium)', benchAchievementGrid],
  ['argon2', 'Password hashing', benchArgon2],
  ['schedules', "Schedules: the busiest teacher's month from the local database", benchSchedulesMonth],
  ['reports', 'Reports on the scale-10 demo school', benchReports],
  ['subjects', 'Subjects: copying the biggest subject of the scale-10 school', benchSubjectsCopy],
  [
    'people',
    `People: student search and bulk add at scale ${process.env.BENCH_SYNC_SCALE ?? 10}`,
    benchPeopleSearch,
  ],
  ['load', 'Load: 1, 50 and 200 teachers saving attendance at once, beside a static route', benchLoad],
  [
    'durability',
    'Durability: the server killed while teachers save, no acknowledged save lost',
    benchDurability,
  ],
  ['sync', `Sync on the scale-${process.env.BENCH_SYNC_SCALE ?? 10} demo school`, benchSync],
  [
    'live-query',
    `Local write to live query on the scale-${process.env.BENCH_SYNC_SCALE ?? 10} demo school`,
    benchLiveQuery,
  ],
  [
    'morning',
    `A school's morning at scale ${process.env.BENCH_SYNC_SCALE ?? 10}: every staff device opens within a minute, pulls and pushes`,
    benchMorning,
  ],
  [
    'speed',
    `Issue 45's table at scale ${process.env.BENCH_SYNC_SCALE ?? 10}: a teacher's first sync, an admin's new device, a school's morning, a live query`,
    benchSpeed,
  ],
  [
    'on-demand',
    `An admin on a new device at scale ${process.env.BENCH_SYNC_SCALE ?? 10}: first screen and class sheets`,
    benchAdminOnDemand,
  ],
  [
    'requests',
    `Request search on the scale-${process.env.BENCH_SYNC_SCALE ?? 10} demo school`,
    benchRequestsSearch,
  ],
  [
    'pull-count',
    `First-sync progress: the count of a first pull on the scale-${process.env.BENCH_SYNC_SCALE ?? 10} demo school`,
    benchPullCount,
  ],
  [
    'notices',
    `Absence notices at scale ${process.env.BENCH_SYNC_SCALE ?? 10}: a mark to its notice queued, and a school-wide morning told`,
    benchAbsenceNotices,
  ],
  [
    'access-log',
    `The access log at scale ${process.env.BENCH_SYNC_SCALE ?? 10}: its rows and size over a school day, and what it costs a pull`,
    benchAccessLog,
  ],
];
if (only && !sections.some(([key]) => key === only)) {
  console.error(`Unknown section ${only}; one of ${sections.map(([key]) => key).join(', ')}.`);
  process.exit(1);
}

console.log(`# School admin benchmarks (${new Date().toISOString()}, Node ${process.version})`);
for (const [key, title, run] of sections) {
  if (only && key !== only) continue;
  console.log(`\n## ${title}`);
  await run();
}
