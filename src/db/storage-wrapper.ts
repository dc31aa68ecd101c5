import type { RxStorage, RxStorageInstance, RxStorageInstanceCreationParams } from 'rxdb';

/**
 * The storage with `wrap` applied to every instance it opens, each opened with `openWith(params)` (the
 * params unchanged by default): how this folder adds one rule to every collection (ordered pulls, rising
 * write times, shared changes).
 */
export function withEachInstance<Internals, Options>(
  storage: RxStorage<Internals, Options>,
  wrap: <Doc>(
    instance: RxStorageInstance<Doc, Internals, Options>,
    params: RxStorageInstanceCreationParams<Doc, Options>,
  ) => RxStorageInstance<Doc, Internals, Options>,
  openWith: <Doc>(
    params: RxStorageInstanceCreationParams<Doc, Options>,
  ) => RxStorageInstanceCreationParams<Doc, Options> = (params) => params,
): RxStorage<Internals, Options> {
  return {
    ...storage,
    async createStorageInstance(params) {
      return wrap(await storage.createStorageInstance(openWith(params)), params);
    },
  };
}
