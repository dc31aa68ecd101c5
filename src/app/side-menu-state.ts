import { useCallback, useState } from 'react';
import { readStringList } from './stored-string-list';

/** Local-storage key of the collapsed side menu (SPEC §2: remembered across visits). */
export const SIDE_MENU_COLLAPSED_KEY = 'side-menu-collapsed';

/** Session-storage key of the open sub-menus (SPEC §2: remembered for the tab's session). */
export const SIDE_MENU_OPEN_KEY = 'side-menu-open';

/** Reads the collapsed flag; anything but `'1'` means expanded. */
export function readCollapsed(storage: Pick<Storage, 'getItem'>): boolean {
  return storage.getItem(SIDE_MENU_COLLAPSED_KEY) === '1';
}

/** Reads the ids of the open sub-menus; malformed data counts as none open. */
export function readOpenGroups(storage: Pick<Storage, 'getItem'>): string[] {
  return readStringList(storage, SIDE_MENU_OPEN_KEY);
}

/** The list of open sub-menus after one is toggled. */
export function toggleGroup(open: readonly string[], id: string): string[] {
  return open.includes(id) ? open.filter((item) => item !== id) : [...open, id];
}

/** The side menu's collapsed flag and open sub-menus, stored as SPEC §2 says. */
export function useSideMenuState() {
  const [collapsed, setCollapsed] = useState(() => readCollapsed(localStorage));
  const [openGroups, setOpenGroups] = useState(() => readOpenGroups(sessionStorage));

  const toggleCollapsed = useCallback(() => {
    setCollapsed((current) => {
      localStorage.setItem(SIDE_MENU_COLLAPSED_KEY, current ? '0' : '1');
      return !current;
    });
  }, []);

  const toggleOpen = useCallback((id: string) => {
    setOpenGroups((current) => {
      const next = toggleGroup(current, id);
      sessionStorage.setItem(SIDE_MENU_OPEN_KEY, JSON.stringify(next));
      return next;
    });
  }, []);

  return { collapsed, toggleCollapsed, openGroups, toggleOpen };
}
