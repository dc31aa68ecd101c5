/** Session-storage key of "a request was just filed", read by the list after the full reload (SPEC §2). */
const FILED_KEY = 'request-filed';

/** Remembers across the reload that `count` requests were filed. */
export function rememberFiled(count: number, storage: Pick<Storage, 'setItem'> = sessionStorage): void {
  storage.setItem(FILED_KEY, String(count));
}

/** How many requests were filed before the reload, once (then forgotten); 0 when none. */
export function takeFiled(storage: Pick<Storage, 'getItem' | 'removeItem'> = sessionStorage): number {
  const value = Number(storage.getItem(FILED_KEY) ?? 0);
  storage.removeItem(FILED_KEY);
  return Number.isInteger(value) && value > 0 ? value : 0;
}
