import { describe, expect, it } from 'vitest';
import { Role } from '../../domain/roles';
import { syncView } from './sync-status';

describe('sync status', () => {
  it('is offline when the socket is down', () => {
    expect(syncView(false, 1, Role.teacher)).toBe('offline');
  });

  it('never shows observers and the super admin offline (always online, SPEC §4)', () => {
    expect(syncView(false, 1, Role.observer)).toBe('synced');
    expect(syncView(false, 1, Role.superAdmin)).toBe('synced');
  });

  it('is syncing until the first pull of the device completes', () => {
    expect(syncView(true, null, Role.admin)).toBe('syncing');
    expect(syncView(true, undefined, Role.admin)).toBe('connecting');
    expect(syncView(true, 1_700_000_000_000, Role.admin)).toBe('synced');
  });
});
