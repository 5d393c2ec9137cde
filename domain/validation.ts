import type { z } from 'zod';
import type { ApiErrorBody } from './errors';

/** Turns a zod error into the API's error body: one message per field path. */
export const toApiErrorBody = (error: z.ZodError, message = 'Invalid input'): ApiErrorBody => {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    errors[path] ??= issue.message;
  }
  return { message, errors };
};
