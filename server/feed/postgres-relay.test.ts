import { describe, expect, it } from 'vitest';
import { splitForNotify } from './postgres-relay';

describe('change notices over NOTIFY', () => {
  it('keeps a notice for everybody whole', () => {
    expect(splitForNotify({ collections: ['master'], audience: 'all' })).toEqual([
      { collections: ['master'], audience: 'all' },
    ]);
  });

  it('splits a long audience so no payload reaches the 8000-byte limit, losing nobody', () => {
    const audience = Array.from(
      { length: 400 },
      (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    );
    const parts = splitForNotify({ collections: ['attendance'], audience });
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(JSON.stringify(part).length).toBeLessThan(8000);
    expect(parts.flatMap((part) => (part.audience === 'all' ? [] : part.audience))).toEqual(audience);
  });
});
