import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { type CallKey, canCall } from '../../domain/permissions';
import { ROLE_LIST, Role } from '../../domain/roles';
import { forbidden, unauthenticated } from '../http-error';
import { registerCall } from './call-route';
import { registerErrorHandling } from './errors';
import { zodValidatorCompiler } from './validation';

const stickyId = '00000000-0000-4000-8000-000000000001';
let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

/**
 * A bare app with the real validator, serializer and error shape, and a session stand-in: the `x-role`
 * header is the signed-in user's role, no header no session. The guard runs `canCall` like the real one.
 */
function bareApp(): FastifyInstance {
  const instance = Fastify({ logger: false });
  instance.setValidatorCompiler(zodValidatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(instance);
  const roleOf = (header: string | string[] | undefined) =>
    typeof header === 'string' ? Number(header) : null;
  instance.decorate('requireUser', async (request) => {
    if (roleOf(request.headers['x-role']) === null) throw unauthenticated();
  });
  instance.decorate('requireRole', (call: CallKey) => async (request) => {
    const role = roleOf(request.headers['x-role']);
    const known = ROLE_LIST.find((candidate) => candidate === role);
    if (known === undefined || !canCall(known, call)) throw forbidden();
  });
  app = instance;
  return instance;
}

describe('registerCall', () => {
  it('registers the method and path of the key with its params schema and its role guard', async () => {
    const server = bareApp();
    registerCall(server, 'GET /api/sticky/:stickyId', async (request) => {
      throw new Error(`reached with ${request.params.stickyId}`);
    });
    const url = `/api/sticky/${stickyId}`;
    expect((await server.inject({ method: 'GET', url })).statusCode).toBe(401);
    // The super admin is not among the roles CALL_ROLES gives this call.
    expect(
      (await server.inject({ method: 'GET', url, headers: { 'x-role': String(Role.superAdmin) } }))
        .statusCode,
    ).toBe(403);
    const bad = await server.inject({ method: 'GET', url: '/api/sticky/42', headers: { 'x-role': '1' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ stickyId: ['invalid'] });
    expect((await server.inject({ method: 'POST', url, headers: { 'x-role': '1' } })).statusCode).toBe(404);
  });

  it('checks the body and the answer against the table', async () => {
    const server = bareApp();
    registerCall(server, 'POST /api/sticky/:stickyId', async () => ({ ok: true as const }));
    const send = (payload: Record<string, unknown>) =>
      server.inject({ method: 'POST', url: `/api/sticky/${stickyId}`, headers: { 'x-role': '1' }, payload });
    expect((await send({ status: 1 })).json()).toEqual({ ok: true });
    expect((await send({ status: 0 })).statusCode).toBe(422);
    expect((await send({ status: 1, extra: true })).json().errors).toEqual({ extra: ['unknown_field'] });
  });

  it('needs no session for a public call', async () => {
    const server = bareApp();
    registerCall(server, 'GET /api/csrf', async () => ({ token: 'abc' }));
    const response = await server.inject({ method: 'GET', url: '/api/csrf' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ token: 'abc' });
  });

  it('writes fixed params into the path and hands them to the params schema, with the declared status', async () => {
    const server = bareApp();
    registerCall(
      server,
      'DELETE /api/master-setting/:segment/:id',
      async (request) => {
        expect(request.params.segment).toBe('rooms');
        return { ok: true as const };
      },
      { fixedParams: { segment: 'rooms' } },
    );
    registerCall(server, 'POST /api/master-setting/:segment', async () => ({ id: stickyId, name: 'A' }), {
      fixedParams: { segment: 'rooms' },
      status: 201,
    });
    const admin = { 'x-role': String(Role.admin) };
    const removed = await server.inject({
      method: 'DELETE',
      url: `/api/master-setting/rooms/${stickyId}`,
      headers: admin,
    });
    expect(removed.json()).toEqual({ ok: true });
    const other = await server.inject({
      method: 'DELETE',
      url: `/api/master-setting/exams/${stickyId}`,
      headers: admin,
    });
    expect(other.statusCode).toBe(404);
    const teacher = await server.inject({
      method: 'DELETE',
      url: `/api/master-setting/rooms/${stickyId}`,
      headers: { 'x-role': String(Role.teacher) },
    });
    expect(teacher.statusCode).toBe(403);
    const created = await server.inject({
      method: 'POST',
      url: '/api/master-setting/rooms',
      headers: admin,
      payload: { name: 'A', university_id: stickyId },
    });
    expect(created.statusCode).toBe(201);
  });

  it('refuses a file handed over by another route’s parser on a call that takes JSON, with 415', async () => {
    const server = bareApp();
    server.addContentTypeParser('image/png', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    registerCall(server, 'POST /api/users/update-profile', async () => {
      throw new Error('a file reached the handler');
    });
    const file = await server.inject({
      method: 'POST',
      url: '/api/users/update-profile',
      headers: { 'x-role': String(Role.teacher), 'content-type': 'image/png' },
      payload: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]),
    });
    expect(file.statusCode).toBe(415);
    expect(file.json()).toEqual({ message: 'Unsupported Media Type', code: 'unsupported_media_type' });
  });
});
