import type { z } from 'zod';
import { RESOURCE_ERROR_CODES, type ApiErrorBody } from './errors';

/** Turns a zod error into the API's error body: one message per field path. */
export const toApiErrorBody = (
  error: z.ZodError,
  message: string = RESOURCE_ERROR_CODES.invalidInput,
): ApiErrorBody => {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    errors[path] ??= issue.message;
  }
  return { message, errors };
};

/** Where a cross-field check reports: an issue on a field path of the record. */
export interface IssueSink {
  addIssue(issue: { code: 'custom'; path: (string | number)[]; message: string }): void;
}

/**
 * A rule across fields of a record (an end after its start, a maximum above the minimum), with the dot paths of
 * the fields it reads (`dateAndCalendar` reads the whole section).
 */
export interface CrossFieldCheck<Value> {
  reads: readonly string[];
  check(value: Value, context: IssueSink): void;
}

const segmentsOf = (dotPath: string): string[] => dotPath.split('.');

/** One path lies inside the other (or they are the same): a problem at one concerns the other. */
const overlaps = (issuePath: readonly PropertyKey[], read: readonly string[]): boolean =>
  read.every((segment, index) => index >= issuePath.length || String(issuePath[index]) === segment);

/**
 * The record's cross-field checks, for `.superRefine`: each runs only when no field it reads failed its own
 * checks. zod runs an object's refinements after a field's refinement failed (a `.refine` issue does not
 * abort), on the field's raw value: a date string that is no date reached `Temporal.PlainDate.from` and
 * threw, a 500 for any writer. The fields' problems are taken before the first check, so that one check's
 * finding does not silence another's.
 */
export function crossFieldChecks<Value>(checks: readonly CrossFieldCheck<Value>[]) {
  return (value: Value, context: z.RefinementCtx<Value>): void => {
    const fieldIssuePaths = context.issues.map((issue) => issue.path ?? []);
    for (const { reads, check } of checks) {
      const readFailed = reads.some((read) =>
        fieldIssuePaths.some((issuePath) => overlaps(issuePath, segmentsOf(read))),
      );
      if (!readFailed) check(value, context);
    }
  };
}
