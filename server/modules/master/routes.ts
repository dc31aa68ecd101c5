import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type MasterSettingSegment,
  masterDataResponseSchema,
  masterItemSchema,
} from '../../../domain/master';
import {
  type MasterSearchQuery,
  type MasterSettingWriteFor,
  masterDeleteResponseSchema,
  masterSearchQuerySchemas,
  masterSearchResponseSchema,
  masterSettingWriteSchemas,
} from '../../../domain/schemas/master-setting';
import { type AppDeps, emptyBodySchema } from '../../deps';
import { createMaster, deleteMaster, readMasterData, searchMaster, updateMaster } from './service';

// The routes test walks MASTER_SETTING_SEGMENTS, so a segment added there and not here fails it.
const SEGMENTS = Object.freeze([
  'year-codes',
  'universities',
  'classes',
  'exams',
  'rooms',
  'subjects',
  'faculties',
] as const) satisfies readonly MasterSettingSegment[];

/**
 * The validated body at its schema's type. Fastify's type provider cannot resolve a schema picked by a type
 * parameter, but the validator compiled from this very schema has already checked the value.
 */
function bodyOf<S extends MasterSettingSegment>(_segment: S, body: unknown): MasterSettingWriteFor<S> {
  return body as MasterSettingWriteFor<S>;
}

const idParamsSchema = z.strictObject({ id: z.uuid('invalid') });

// One set of routes per segment, each with its own body schema, so an unknown segment is a plain 404 and
// each kind refuses the fields it does not have.
function registerSegment<S extends MasterSettingSegment>(
  app: FastifyInstance,
  deps: AppDeps,
  segment: S,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const base = `/api/master-setting/${segment}`;
  const body = masterSettingWriteSchemas[segment];
  // Every segment's filters fit the common query type, so the widened schema types the handler.
  const querystring: z.ZodType<MasterSearchQuery, Record<string, unknown>> = masterSearchQuerySchemas[
    segment
  ];

  routes.get(
    `${base}/search`,
    {
      onRequest: [app.requireUser, app.requireRole('GET /api/master-setting/:segment/search')],
      schema: {
        querystring,
        response: { 200: masterSearchResponseSchema },
      },
    },
    async (request) => searchMaster(deps.db, segment, request.query),
  );

  routes.post(
    base,
    {
      onRequest: [app.requireUser, app.requireRole('POST /api/master-setting/:segment')],
      schema: { body, response: { 201: masterItemSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await createMaster(deps, segment, bodyOf(segment, request.body))),
  );

  routes.post(
    `${base}/:id`,
    {
      onRequest: [app.requireUser, app.requireRole('POST /api/master-setting/:segment/:id')],
      schema: { params: idParamsSchema, body, response: { 200: masterItemSchema } },
    },
    async (request) => updateMaster(deps, segment, request.params.id, bodyOf(segment, request.body)),
  );

  routes.delete(
    `${base}/:id`,
    {
      onRequest: [app.requireUser, app.requireRole('DELETE /api/master-setting/:segment/:id')],
      schema: {
        params: idParamsSchema,
        body: emptyBodySchema,
        response: { 200: masterDeleteResponseSchema },
      },
    },
    async (request) => {
      await deleteMaster(deps, segment, request.params.id);
      return { ok: true as const };
    },
  );
}

/** `GET /master-data` and the master-setting calls of SPEC §7. */
export const masterRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/master-data',
    {
      onRequest: [app.requireUser, app.requireRole('GET /master-data')],
      schema: { response: { 200: masterDataResponseSchema } },
    },
    async () => readMasterData(deps.db),
  );

  for (const segment of SEGMENTS) registerSegment(app, deps, segment);
};
