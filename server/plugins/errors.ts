import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type z } from 'zod';
import type { ApiErrorBody } from '../../domain/errors';
import { AUTH_ERROR_CODES, RESOURCE_ERROR_CODES } from '../../domain/errors';
import { toApiErrorBody } from '../../domain/validation';
import { databaseErrorAnswer } from './databaseErrors';

/** An answer other than 2xx, with the API's error body (ARCHITECTURE.md §3). Throw it from a handler. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get body(): ApiErrorBody {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

export const INVALID_INPUT = RESOURCE_ERROR_CODES.invalidInput;

/** Validates a body, query or params with a zod schema; failure is a 400 with one message per field. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw result.error;
  return result.data;
}

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

export const notFoundBody = (): ApiErrorBody => ({ message: RESOURCE_ERROR_CODES.notFound });
