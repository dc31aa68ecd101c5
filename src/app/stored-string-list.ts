/** A list of strings kept as JSON under `key` (visited pages, open sub-menus); anything malformed reads as none. */
export function readStringList(storage: Pick<Storage, 'getItem'>, key: string): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
