/**
 * Reading the API's error body (`{message, errors}`) off what the data provider throws:
 * react-admin's HttpError carries it as `body`.
 */

interface WithErrorBody {
  body?: { message?: unknown; errors?: unknown } | null;
}

/** Whether the answer names fields (`errors`): react-admin shows those beside their fields, on the form. */
export const hasFieldErrors = (error: unknown): boolean => {
  const errors = (error as WithErrorBody | null)?.body?.errors;
  return typeof errors === 'object' && errors !== null && Object.keys(errors).length > 0;
};
