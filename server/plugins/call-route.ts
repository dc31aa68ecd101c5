import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { z } from 'zod';
import { CALL_ROLES, type CallKey, callMethod, callPath } from '../../domain/permissions';
import { CALL_SCHEMAS, type CallSchema } from '../../domain/schemas/calls';
import { LOGGED_CALLS, recordCallRead } from '../access-log/logged-calls';
import { unsupportedMediaType } from '../http-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call-table key a route was registered from: metrics count requests by it, never by raw URL. */
    callKey?: CallKey;
  }
}

type Entry<K extends CallKey> = (typeof CALL_SCHEMAS)[K];
type Part = 'params' | 'query' | 'body';

/** The parsed value of one request part of a call, or `unknown` where the table declares none (uploads). */
export type CallPart<K extends CallKey, P extends Part> =
  Entry<K> extends Record<P, infer S extends z.ZodType> ? z.output<S> : unknown;

/** What a call's handler answers: the input of its response schema, which the serializer checks. */
export type CallAnswer<K extends CallKey> = z.input<Entry<K>['response']>;

/** A request of a call, its params, query and body typed by the call's entry of the table. */
export type CallRequest<K extends CallKey> = FastifyRequest & {
  params: CallPart<K, 'params'>;
  query: CallPart<K, 'query'>;
  body: CallPart<K, 'body'>;
};

/**
 * The handler of a call: parses nothing itself, the table's schemas have already run. It answers the table's
 * response, or `R`, the input of a narrower response schema the registration declares.
 */
export type CallHandler<K extends CallKey, R = CallAnswer<K>> = (
  request: CallRequest<K>,
  reply: FastifyReply,
) => Promise<CallAnswer<K> | R>;

/** How one registration departs from the plain `METHOD path` of its key. */
export interface CallRouteOptions<K extends CallKey, R = CallAnswer<K>> {
  /** Success status when it is not 200 (a create answers 201). */
  status?: 200 | 201;
  /** Hooks that run after the role guard (the sync calls' build check). */
  onRequest?: readonly onRequestHookHandler[];
  /**
   * Path parameters this registration fixes (one route per master segment, per sync collection): written
   * into the path, and handed to the table's params schema as if the client had sent them. A name the key's
   * path does not have is ignored, so one set fits a collection with an entry of its own and one without.
   */
  fixedParams?: Readonly<Record<string, string>>;
  /**
   * Narrower schemas of this registration (a master segment's own body and filters, a collection's own
   * documents). Each accepts a part of what the table's schema accepts, so the handler keeps the table's
   * types; a body may parse to a generic document type the table cannot name, hence its plain type.
   */
  narrow?: {
    query?: z.ZodType<CallPart<K, 'query'>, Record<string, unknown>>;
    body?: z.ZodType;
    response?: z.ZodType<unknown, R>;
  };
}

const METHODS = ['GET', 'POST', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

function methodOf(key: CallKey): Method {
  const method = METHODS.find((candidate) => candidate === callMethod(key));
  // Every key of the table starts with one of these; a new verb must be taught here first.
  if (!method) throw new Error(`unsupported method in call key ${key}`);
  return method;
}

/** The fixed parameters a key's path has, the others dropped. */
function fixedOf(key: CallKey, fixed: Readonly<Record<string, string>>): Record<string, string> {
  const names = new Set(
    callPath(key)
      .split('/')
      .filter((segment) => segment.startsWith(':'))
      .map((segment) => segment.slice(1)),
  );
  return Object.fromEntries(Object.entries(fixed).filter(([name]) => names.has(name)));
}

/** The path a key registers at, with the fixed parameters written in. */
function pathOf(key: CallKey, fixed: Readonly<Record<string, string>>): string {
  return callPath(key)
    .split('/')
    .map((segment) => (segment.startsWith(':') ? (fixed[segment.slice(1)] ?? segment) : segment))
    .join('/');
}

/**
 * The role guard of a call as `CALL_ROLES` states it: none for a public call, else a session and the role.
 * Kept here so no route writes its guard by hand, and the guard can never name another call than the route.
 */
function guardOf(app: FastifyInstance, key: CallKey): onRequestHookHandler[] {
  if (CALL_ROLES[key] === 'public') return [];
  return [app.requireUser, app.requireRole(key)];
}

/**
 * Registers the route of one call of the table from its key alone: method and path from the key, params,
 * query, body and response schemas from `CALL_SCHEMAS`, and the role guard from `CALL_ROLES`. The handler
 * receives the request typed by the same entry.
 */
export function registerCall<K extends CallKey, R = CallAnswer<K>>(
  app: FastifyInstance,
  key: K,
  handler: CallHandler<K, R>,
  options: CallRouteOptions<K, R> = {},
): void {
  const entry: CallSchema = CALL_SCHEMAS[key];
  const fixed = fixedOf(key, options.fixedParams ?? {});
  const status = options.status ?? 200;
  const jsonBody = Boolean(options.narrow?.body ?? entry.body);
  const logged = LOGGED_CALLS[key] !== undefined;
  app.route({
    method: methodOf(key),
    url: pathOf(key, fixed),
    config: { callKey: key },
    onRequest: [...guardOf(app, key), ...(options.onRequest ?? [])],
    preValidation: async (request) => {
      // The fixed parameters are no longer in the path, so they are put back before the params schema runs.
      if (Object.keys(fixed).length > 0) request.params = Object.assign({}, request.params, fixed);
      // A plugin's file parser (avatar, xlsx) serves every route of the plugin: a call that takes JSON
      // refuses the file it hands over, instead of reading its bytes as fields.
      if (jsonBody && request.body instanceof Uint8Array) throw unsupportedMediaType();
    },
    schema: {
      ...(entry.params ? { params: entry.params } : {}),
      ...(options.narrow?.query || entry.query ? { querystring: options.narrow?.query ?? entry.query } : {}),
      ...(options.narrow?.body || entry.body ? { body: options.narrow?.body ?? entry.body } : {}),
      response: { [status]: options.narrow?.response ?? entry.response },
    },
    handler: async (request, reply) => {
      if (status !== 200) reply.code(status);
      // The validator compiled from this very entry has checked params, query and body before this point.
      const answer = await handler(request as CallRequest<K>, reply);
      // A call whose answer is a student's record is written to the access log (docs/access-log.md).
      if (logged) recordCallRead(request.server.appDeps.accessLog, request, key, answer);
      return answer;
    },
  });
}
