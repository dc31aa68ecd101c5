import { describe, expect, it } from 'vitest';
import { weeksOf } from './schedule-calls';

describe('the weekly pieces of a calendar range', () => {
  it('cuts a month grid into the weeks the weekly call accepts, and a day into itself', () => {
    expect(weeksOf({ first: '2026-03-30', last: '2026-05-03' })).toEqual([
      { first: '2026-03-30', last: '2026-04-05' },
      { first: '2026-04-06', last: '2026-04-12' },
      { first: '2026-04-13', last: '2026-04-19' },
      { first: '2026-04-20', last: '2026-04-26' },
      { first: '2026-04-27', last: '2026-05-03' },
    ]);
    expect(weeksOf({ first: '2026-04-10', last: '2026-04-10' })).toEqual([
      { first: '2026-04-10', last: '2026-04-10' },
    ]);
    expect(weeksOf({ first: '2026-04-10', last: '2026-04-18' })).toEqual([
      { first: '2026-04-10', last: '2026-04-16' },
      { first: '2026-04-17', last: '2026-04-18' },
    ]);
  });
});
