import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../domain/errors';
import type { ApiError } from '../../domain/schemas/api-error';
import { HttpError } from '../http-error';
import { RequestValidationError } from './validation';

const INTERNAL: ApiError = { message: 'Internal Server Error', code: ErrorCode.internal };

/** Fastify's own client errors and the answer each one gets; every other 4xx keeps its status. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; body: ApiError }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    body: { message: 'Invalid JSON', code: ErrorCode.invalidJson },
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    body: { message: 'Invalid JSON', code: ErrorCode.invalidJson },
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    body: { message: 'Unsupported Media Type', code: ErrorCode.unsupportedMediaType },
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    body: { message: 'Payload Too Large', code: ErrorCode.payloadTooLarge },
  },
};

/** Installs the one error shape `{ message, code?, errors? }` for every failure, 404 included. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => answerError(error, request, reply));
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ message: 'Not Found', code: ErrorCode.notFound } satisfies ApiError),
  );
}

function answerError(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof HttpError) {
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.code(error.statusCode).send(error.body);
  }
  if (error instanceof RequestValidationError) {
    return reply.code(422).send({
      message: 'Validation failed',
      code: ErrorCode.validation,
      errors: error.fields,
    } satisfies ApiError);
  }
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  const known = code === undefined ? undefined : FASTIFY_CLIENT_ERRORS[code];
  if (known) return reply.code(known.status).send(known.body);

  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    // Other client errors from Fastify (bad content length, bad URL...) carry no internals worth hiding.
    return reply
      .code(status)
      .send({ message: error.message, code: code ?? 'bad_request' } satisfies ApiError);
  }
  // The cause stays in the log; the caller learns only that it was our fault.
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send(INTERNAL);
}
