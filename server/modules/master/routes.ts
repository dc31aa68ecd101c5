import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { MasterSettingSegment } from '../../../domain/master';
import {
  type MasterSearchQuery,
  type MasterSettingWriteFor,
  masterSearchQuerySchemas,
  masterSettingWriteSchemas,
} from '../../../domain/schemas/master-setting';
import type { AppDeps } from '../../deps';
import { registerCall } from '../../plugins/call-route';
import {
  createMaster,
  deleteMaster,
  readFacultyYearCodes,
  readMasterData,
  readUniversitiesWithFaculties,
  searchMaster,
  storeRooms,
  updateMaster,
} from './service';

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

// One set of routes per segment, each with its own body and query schema, so an unknown segment is a plain
// 404 and each kind refuses the fields it does not have.
function registerSegment<S extends MasterSettingSegment>(
  app: FastifyInstance,
  deps: AppDeps,
  segment: S,
): void {
  const fixedParams = { segment };
  const body = masterSettingWriteSchemas[segment];
  // Every segment's filters fit the common query type, so the widened schema types the handler.
  const query: z.ZodType<MasterSearchQuery, Record<string, unknown>> = masterSearchQuerySchemas[segment];

  registerCall(
    app,
    'GET /api/master-setting/:segment/search',
    async (request) => searchMaster(deps.db, segment, request.query),
    { fixedParams, narrow: { query } },
  );

  registerCall(
    app,
    'POST /api/master-setting/:segment',
    async (request) => createMaster(deps, segment, bodyOf(segment, request.body)),
    { fixedParams, narrow: { body }, status: 201 },
  );

  registerCall(
    app,
    'POST /api/master-setting/:segment/:id',
    async (request) => updateMaster(deps, segment, request.params.id, bodyOf(segment, request.body)),
    { fixedParams, narrow: { body } },
  );

  registerCall(
    app,
    'DELETE /api/master-setting/:segment/:id',
    async (request) => {
      await deleteMaster(deps, segment, request.params.id);
      return { ok: true as const };
    },
    { fixedParams },
  );
}

/** `GET /master-data` and the master-setting calls of SPEC §7. */
export const masterRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerCall(app, 'GET /master-data', async () => readMasterData(deps.db));

  // Static paths first in the source for the reader; Fastify's router prefers them over `:id` anyway.
  registerCall(
    app,
    'POST /api/master-setting/rooms/multiStore',
    async (request) => storeRooms(deps, request.body),
    {
      status: 201,
    },
  );
  registerCall(app, 'GET /api/master-setting/universities/universities-faculty', async () =>
    readUniversitiesWithFaculties(deps.db),
  );
  registerCall(
    app,
    'GET /api/master-setting/year-codes/university/:universityId/faculty/:facultyId',
    async (request) => readFacultyYearCodes(deps.db, request.params.universityId, request.params.facultyId),
  );

  for (const segment of SEGMENTS) registerSegment(app, deps, segment);
};
