import type { z } from 'zod';
import { RESOURCE_ERROR_CODES, type ApiErrorBody } from './errors';

/** Turns a zod error into the API's error body: one message per field path. */
export const toApiErrorBody = (error: z.ZodError, message: string = RESOURCE_ERROR_CODES.invalidInput): ApiErrorBody => {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    errors[path] ??= issue.message;
  }
  return { message, errors };
};
