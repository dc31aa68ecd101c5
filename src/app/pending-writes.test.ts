import { describe, expect, it } from 'vitest';
import { logoutDecision } from './pending-writes';

describe('logout with writes waiting', () => {
  it('signs out at once with nothing waiting and asks, naming the count, otherwise', () => {
    expect(logoutDecision(0)).toEqual({ kind: 'sign-out' });
    expect(logoutDecision(3)).toEqual({ kind: 'ask', pending: 3 });
  });
});
