import type { FastifyInstance } from 'fastify';
import { MASTER_SETTING_SEGMENTS } from '../../domain/master';
import { type CallKey, callMethod, callPath } from '../../domain/permissions';
import { CALL_SCHEMAS } from '../../domain/schemas/calls';
import { SyncCollection } from '../../domain/sync';

/**
 * Values of the parameters some registrations fix (one route per master segment, per sync collection): the
 * route of `POST /api/master-setting/:segment` is registered as `/api/master-setting/rooms` and so on.
 */
const FIXED_VALUES: Record<string, readonly string[]> = {
  segment: Object.keys(MASTER_SETTING_SEGMENTS),
  collection: Object.values(SyncCollection),
};

/** One route a server registers for the call table: its key and the parameters its registration fixed. */
export interface RegisteredRoute {
  key: CallKey;
  fixed: Record<string, string>;
}

/** The `:name` parameters of a call key's path, in order. */
export function paramNamesOf(key: CallKey): string[] {
  return callPath(key)
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
}

/** A call key's path with the given parameters filled in (the others left as `:name`). */
export function pathWith(key: CallKey, values: Record<string, string>): string {
  return callPath(key)
    .split('/')
    .map((segment) => (segment.startsWith(':') ? (values[segment.slice(1)] ?? segment) : segment))
    .join('/');
}

/** Every route `app` registers for the call table, the variants of fixed parameters included. */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const registered = (key: CallKey, fixed: Record<string, string>) =>
    app.hasRoute({ method: callMethod(key) as 'GET' | 'POST' | 'DELETE', url: pathWith(key, fixed) });
  for (const key of Object.keys(CALL_SCHEMAS) as CallKey[]) {
    if (registered(key, {})) {
      routes.push({ key, fixed: {} });
      continue;
    }
    const fixedName = paramNamesOf(key).find((name) => FIXED_VALUES[name]);
    for (const value of fixedName ? (FIXED_VALUES[fixedName] ?? []) : []) {
      const fixed = { [fixedName as string]: value };
      // A variant with a call key of its own (`GET /api/sync/master/pull`) is that key's route.
      const own = `${callMethod(key)} ${pathWith(key, fixed)}`;
      if (own in CALL_SCHEMAS) continue;
      if (registered(key, fixed)) routes.push({ key, fixed });
    }
  }
  return routes;
}

/** The name a registered route goes by in tables: its key, with the fixed parameters filled in. */
export function routeName(route: RegisteredRoute): string {
  return `${callMethod(route.key)} ${pathWith(route.key, route.fixed)}`;
}
