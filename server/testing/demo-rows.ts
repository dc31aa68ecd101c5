import { generateDemoSchool } from '../db/demo/generate';
import { DEFAULT_DEMO_SEED } from '../db/seed';

/** The rows of a demo school as the seed generates them, every scope's change sequence 1, without a database. */
export function demoSchoolRows(scale: number, now: Date): ReturnType<typeof generateDemoSchool> {
  return generateDemoSchool({
    scale,
    seed: DEFAULT_DEMO_SEED,
    now,
    accountHashes: [],
    bulkHash: '',
    seqs: {
      master: 1,
      people: 1,
      subjects: 1,
      notes: 1,
      attendance: 1,
      achievements: 1,
      requests: 1,
      stickies: 1,
      notifications: 1,
    },
  });
}
