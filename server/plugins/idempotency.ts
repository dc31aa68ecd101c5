import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../domain/errors';
import type { ApiError } from '../../domain/schemas/api-error';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from '../../domain/sync';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { HttpError } from '../http-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency key this request claimed; its answer is stored when it is sent. */
    idempotencyClaim: { userId: string; key: string } | null;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// The stored status while the first call still runs ("102 Processing"): the real answer replaces it.
const IN_FLIGHT_STATUS = 102;
// A key answers replays for a day; a client retrying later than that has long since pulled the outcome.
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

function keyReused(): HttpError {
  return new HttpError(422, {
    message: 'Idempotency key reused with another request',
    code: ErrorCode.idempotencyKeyReused,
  } satisfies ApiError);
}

function keyInFlight(): HttpError {
  return new HttpError(409, {
    message: 'A request with this idempotency key is still running',
    code: ErrorCode.idempotencyKeyInFlight,
  } satisfies ApiError);
}

function badKey(): HttpError {
  return new HttpError(422, {
    message: 'Validation failed',
    code: ErrorCode.validation,
    errors: { [IDEMPOTENCY_KEY_HEADER]: ['invalid'] },
  } satisfies ApiError);
}

/**
 * `Idempotency-Key` on state-changing calls of a signed-in user. The first call with a key claims it and its
 * answer (any status below 500) is stored; a replay with the same key and the same method, path and body gets
 * the stored answer without running again; the same key with another request is refused 422, and a replay
 * while the first still runs 409. A 5xx releases the key, so the client's retry runs the call again.
 * Calls without the header, or without a session, are untouched.
 */
export function registerIdempotency(app: FastifyInstance, deps: { db: Database; now: () => Date }): void {
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (header === undefined || !UNSAFE_METHODS.has(request.method) || !request.user) return;
    if (typeof header !== 'string' || header.length === 0 || header.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
      throw badKey();
    }
    const userId = request.user.id;
    const hash = requestHash(request);
    const now = deps.now();
    await deps.db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.key, header),
          lt(idempotencyKeys.expiresAt, now),
        ),
      );
    const claimed = await deps.db
      .insert(idempotencyKeys)
      .values({
        userId,
        key: header,
        requestHash: hash,
        responseStatus: IN_FLIGHT_STATUS,
        responseBody: null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + KEY_LIFETIME_MS),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      request.idempotencyClaim = { userId, key: header };
      return;
    }
    const [stored] = await deps.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, header)));
    if (!stored) throw keyInFlight();
    if (stored.requestHash !== hash) throw keyReused();
    if (stored.responseStatus === IN_FLIGHT_STATUS) throw keyInFlight();
    return reply
      .code(stored.responseStatus)
      .header('content-type', 'application/json; charset=utf-8')
      .header('idempotent-replay', 'true')
      .send(JSON.stringify(stored.responseBody ?? null));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    const where = and(
      eq(idempotencyKeys.userId, claim.userId),
      eq(idempotencyKeys.key, claim.key),
      eq(idempotencyKeys.responseStatus, IN_FLIGHT_STATUS),
    );
    const body = typeof payload === 'string' ? parseJson(payload) : undefined;
    if (reply.statusCode >= 500 || body === undefined) {
      await deps.db.delete(idempotencyKeys).where(where);
      return payload;
    }
    await deps.db
      .update(idempotencyKeys)
      .set({ responseStatus: reply.statusCode, responseBody: body })
      .where(where);
    return payload;
  });
}
