import { describe, expect, it } from 'vitest';
import { MasterKind } from '../../../domain/master-kind';
import {
  MASTER_TAB_STORAGE_KEY,
  masterKindOfTab,
  masterSettingSearch,
  rememberMasterTab,
  resolveMasterTab,
} from './master-tab';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
  };
}

describe('master-setting tab', () => {
  it('opens tab 1 (year codes) when nothing is asked for or remembered', () => {
    const tab = resolveMasterTab(undefined, memoryStorage());
    expect(tab).toBe(1);
    expect(masterKindOfTab(tab)).toBe(MasterKind.yearCodes);
  });

  it('reopens the remembered tab on the next visit', () => {
    const storage = memoryStorage();
    rememberMasterTab(5, storage);
    expect(storage.getItem(MASTER_TAB_STORAGE_KEY)).toBe('5');
    expect(resolveMasterTab(undefined, storage)).toBe(5);
    expect(masterKindOfTab(5)).toBe(MasterKind.rooms);
  });

  it('lets the URL choose over the remembered tab', () => {
    const storage = memoryStorage();
    rememberMasterTab(5, storage);
    expect(resolveMasterTab(2, storage)).toBe(2);
  });

  it('ignores a tab outside 1-7 in the URL or in storage', () => {
    expect(masterSettingSearch.parse({ tab: 8 })).toEqual({ tab: undefined });
    expect(masterSettingSearch.parse({ tab: 'abc' })).toEqual({ tab: undefined });
    expect(masterSettingSearch.parse({ tab: '3' })).toEqual({ tab: 3 });
    expect(masterSettingSearch.parse({})).toEqual({ tab: undefined });
    const storage = memoryStorage();
    storage.setItem(MASTER_TAB_STORAGE_KEY, '0');
    expect(resolveMasterTab(undefined, storage)).toBe(1);
  });
});
