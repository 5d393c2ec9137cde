import type { z } from 'zod';
import type { ApiErrorBody } from '../domain/errors';
import { RESOURCE_ERROR_CODES } from '../domain/errors';

/** An answer other than 2xx, with the API's error body. Throw it from a handler. */
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

export const notFoundBody = (): ApiErrorBody => ({ message: RESOURCE_ERROR_CODES.notFound });

/** 409 IN_USE: the record is still referenced. No field errors: a delete has no form to show them on. */
export const inUse = () => new ApiError(409, RESOURCE_ERROR_CODES.inUse);
