import { useCallback } from 'react';
import { useNotify, useRedirect, useResourceContext, useTranslate } from 'react-admin';
import { BILLING_ERROR_CODES } from '../../domain/billing';
import { RESOURCE_ERROR_CODES } from '../../domain/errors';
import { hasFieldErrors } from '../../providers/errorBody';

/**
 * What the resource API answers when it refuses a write (domain/errors.ts), read from
 * react-admin's HttpError (`message`, `status`, `body: {message, errors}`) and turned into the user's language.
 */

interface ErrorLike {
  message?: unknown;
  status?: unknown;
  body?: { message?: unknown; errors?: unknown } | null;
}

const asErrorLike = (error: unknown): ErrorLike =>
  typeof error === 'object' && error !== null ? (error as ErrorLike) : {};

/** The server's code (`body.message`, else the error's own message). */
export const errorCodeOf = (error: unknown): string | undefined => {
  const { body, message } = asErrorLike(error);
  if (typeof body?.message === 'string') return body.message;
  return typeof message === 'string' ? message : undefined;
};

/** 409 EDIT_CONFLICT: the record changed since it was read. */
export const isEditConflict = (error: unknown): boolean =>
  asErrorLike(error).status === 409 && errorCodeOf(error) === RESOURCE_ERROR_CODES.editConflict;

/** Each code of RESOURCE_ERROR_CODES has its sentence under `resources.shared.errors.<name>`. */
const MESSAGE_KEYS: Readonly<Record<string, string>> = Object.fromEntries([
  ...Object.entries(RESOURCE_ERROR_CODES).map(([name, code]) => [code, `resources.shared.errors.${name}`]),
  // The billing actions' refusals (409) have their sentence under `resources.billing.errors.<CODE>`.
  ...[...Object.values(BILLING_ERROR_CODES), 'INVOICE_NOT_OVERDUE'].map((code) => [
    code,
    `resources.billing.errors.${code}`,
  ]),
]);

/** The translation key for an error: the app's sentence for a known code, else the message itself. */
export const errorMessageKeyOf = (error: unknown): string => {
  const code = errorCodeOf(error);
  if (code && MESSAGE_KEYS[code]) return MESSAGE_KEYS[code];
  return code || 'ra.notification.http_error';
};

/** The first field error of a 403: the reason of a refusal, which often names no field of the form (a create's id). */
const refusalReasonOf = (error: unknown): string | undefined => {
  const { status, body } = asErrorLike(error);
  if (status !== 403 || typeof body?.errors !== 'object' || body.errors === null) return undefined;
  const [reason] = Object.values(body.errors as Record<string, unknown>);
  return typeof reason === 'string' ? reason : undefined;
};

/**
 * A toast for a failed save or delete, translated. Field errors are left to the form, which shows
 * them on their fields (react-admin reads `body.errors` in pessimistic mode), except a refusal (403):
 * no edit of a field fixes it, and its field may not be on the form, so the toast says why.
 */
export const useNotifyResourceError = () => {
  const notify = useNotify();
  return useCallback(
    (error: unknown) => {
      const refusal = refusalReasonOf(error);
      if (refusal) {
        notify(refusal, { type: 'error', messageArgs: { _: refusal } });
        return;
      }
      if (hasFieldErrors(error)) return;
      const key = errorMessageKeyOf(error);
      notify(key, { type: 'error', messageArgs: { _: errorCodeOf(error) ?? key } });
    },
    [notify],
  );
};

/**
 * A record that cannot be read (a stale link, a record deleted meanwhile, outside one's scope: 404): the
 * toast names the thing (`resources.<name>.notifications.notFound`, else a generic sentence) instead of
 * react-admin's "Element does not exist", and the list comes back, as react-admin does.
 */
export const useOnRecordUnreadable = () => {
  const resource = useResourceContext();
  const notify = useNotify();
  const notifyError = useNotifyResourceError();
  const translate = useTranslate();
  const redirect = useRedirect();
  return useCallback(
    (error: unknown) => {
      if (asErrorLike(error).status === 404) {
        notify(`resources.${resource}.notifications.notFound`, {
          type: 'error',
          messageArgs: { _: translate('resources.shared.notFound') },
        });
      } else {
        notifyError(error);
      }
      redirect('list', resource);
    },
    [resource, notify, notifyError, translate, redirect],
  );
};
