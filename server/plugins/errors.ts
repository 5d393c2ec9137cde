import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AUTH_ERROR_CODES } from '../../domain/errors';
import { toApiErrorBody } from '../../domain/validation';
import { databaseErrorAnswer } from './databaseErrors';
import { ApiError, INVALID_INPUT } from '../errors';

type ClientError = Pick<FastifyError, 'message'> & { statusCode: number };

/** Fastify's own 4xx (malformed JSON, body too large, unsupported media type) and the rate limiter's 429. */
const isClientError = (error: unknown): error is ClientError => {
  const statusCode = (error as Partial<ClientError> | null)?.statusCode;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500;
};

/** Every error becomes JSON; bad input is a 4xx, never a 500; a 500 never shows internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) return reply.code(error.statusCode).send(error.body);
    if (error instanceof ZodError) return reply.code(400).send(toApiErrorBody(error, INVALID_INPUT));
    if (isClientError(error)) {
      const message = error.statusCode === 429 ? AUTH_ERROR_CODES.tooManyAttempts : error.message;
      return reply.code(error.statusCode).send({ message });
    }
    // A constraint violation that a route let through (routes beside the generic resource): still the
    // caller's input or the records' state, answered without the constraint's internal name.
    const databaseAnswer = databaseErrorAnswer(error, request.method === 'DELETE' ? 'delete' : 'update');
    if (databaseAnswer) return reply.code(databaseAnswer.statusCode).send(databaseAnswer.body);
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal server error' });
  });
}
