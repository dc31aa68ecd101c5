import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from './errors';
import { zodValidatorCompiler } from './validation';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.post(
    '/echo',
    { schema: { body: z.strictObject({ name: z.string().min(1, 'required') }) } },
    async () => ({
      ok: true,
    }),
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

const post = (payload: string) =>
  app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload });

describe('request validation', () => {
  it('files an unknown field named like a member of every object under its own name', async () => {
    for (const key of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__']) {
      const answer = await post(`{"name":"a","${key}":1}`);
      expect(answer.statusCode, key).toBeLessThan(500);
      if (key !== '__proto__') {
        expect(answer.statusCode, key).toBe(422);
        expect(answer.json().errors, key).toEqual({ [key]: ['unknown_field'] });
      }
    }
  });

  it('answers a body that is not an object with a field error on the body', async () => {
    for (const payload of ['null', '[]', '"text"', '42']) {
      const answer = await post(payload);
      expect(answer.statusCode, payload).toBe(422);
      expect(answer.json().errors, payload).toHaveProperty('body');
    }
  });
});
