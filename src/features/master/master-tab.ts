import {
  DEFAULT_MASTER_SETTING_TAB,
  MASTER_SETTING_TABS,
  type MasterSettingTab,
} from '../../../domain/master-kind';
import { optionalInteger, searchParser } from '../../../domain/search-params';

/** Local-storage key of the last master-setting tab (SPEC §2: remembered, default 1). */
export const MASTER_TAB_STORAGE_KEY = 'master-setting-tab';

/** Reads a tab number from any value, or undefined when it is not 1-7. */
export const parseMasterTab = optionalInteger(1, MASTER_SETTING_TABS.length);

/** The `tab` search parameter: 1-7, anything else is treated as absent. */
export const masterSettingSearch = searchParser({ tab: parseMasterTab });

/** The tab to show: the URL's when it names one, else the remembered one, else the default. */
export function resolveMasterTab(searchTab: number | undefined, storage: Pick<Storage, 'getItem'>): number {
  return searchTab ?? parseMasterTab(storage.getItem(MASTER_TAB_STORAGE_KEY)) ?? DEFAULT_MASTER_SETTING_TAB;
}

/** Remembers the shown tab for the next visit. */
export function rememberMasterTab(tab: number, storage: Pick<Storage, 'setItem'>): void {
  storage.setItem(MASTER_TAB_STORAGE_KEY, String(tab));
}

/** The master kind a tab number lists. */
export function masterKindOfTab(tab: number): MasterSettingTab {
  return MASTER_SETTING_TABS[tab - 1] ?? MASTER_SETTING_TABS[0];
}
