import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors';

describe('error handling', () => {
  it('hides the cause of a 5xx from the caller', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/boom', async () => {
      throw new Error('relation "secret_table" does not exist at /srv/app/db.ts:12');
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal Server Error', code: 'internal_error' });
    expect(response.body).not.toContain('secret_table');
    await app.close();
  });

  it('answers an unknown route with the error shape', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    const response = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not Found', code: 'not_found' });
    await app.close();
  });
});
