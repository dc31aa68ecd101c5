import { describe, expect, it } from 'vitest';
import {
  readCollapsed,
  readOpenGroups,
  SIDE_MENU_COLLAPSED_KEY,
  SIDE_MENU_OPEN_KEY,
  toggleGroup,
} from './side-menu-state';

function storageWith(entries: Record<string, string>): Pick<Storage, 'getItem'> {
  return { getItem: (key) => entries[key] ?? null };
}

describe('side menu state', () => {
  it('starts expanded and reads the remembered collapse', () => {
    expect(readCollapsed(storageWith({}))).toBe(false);
    expect(readCollapsed(storageWith({ [SIDE_MENU_COLLAPSED_KEY]: '1' }))).toBe(true);
  });

  it('remembers open sub-menus and ignores malformed data', () => {
    expect(readOpenGroups(storageWith({ [SIDE_MENU_OPEN_KEY]: '["users","reports"]' }))).toEqual([
      'users',
      'reports',
    ]);
    expect(readOpenGroups(storageWith({ [SIDE_MENU_OPEN_KEY]: 'nope' }))).toEqual([]);
    expect(toggleGroup(['users'], 'reports')).toEqual(['users', 'reports']);
    expect(toggleGroup(['users', 'reports'], 'users')).toEqual(['reports']);
  });
});
