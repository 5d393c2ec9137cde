import { z } from 'zod';
import { AUTH_ERROR_CODES } from './authErrorCodes';

/**
 * The error body of every API answer that is not 2xx:
 * `message` for people, `errors` keyed by the field path (e.g. `generalInfos.eventTitle`).
 * The API document (server/plugins/openapi.ts) describes every error answer with this schema.
 */
export const apiErrorBodySchema = z.object({
  message: z.string().describe('An error code the browser translates (FORBIDDEN, EDIT_CONFLICT…) or a sentence'),
  errors: z
    .record(z.string(), z.string())
    .optional()
    .describe('The problem of each field, keyed by its dot path (generalInfos.eventTitle)'),
});
export type ApiErrorBody = z.output<typeof apiErrorBodySchema>;

export { AUTH_ERROR_CODES };

/** Error codes of the resource API, in `message`; the browser translates them. */
export const RESOURCE_ERROR_CODES = {
  invalidInput: 'Invalid input',
  notFound: 'Not found',
  forbidden: AUTH_ERROR_CODES.forbidden,
  /** 409: the record changed since it was read; reload and apply the change again. */
  editConflict: 'EDIT_CONFLICT',
  /** 409: a unique value (email, username, tag name) is taken; `errors` names the field. */
  alreadyTaken: 'ALREADY_TAKEN',
  /** 403: nobody raises their own role or widens their own scope. */
  selfEscalation: 'CANNOT_CHANGE_OWN_ROLE_OR_SCOPE',
  /** 409: an access link cannot be sent to a disabled user. */
  userDisabled: 'USER_DISABLED',
  /** 409: a record that other records still use cannot be deleted (retire it instead, where it can be). */
  inUse: 'IN_USE',
} as const;

/**
 * Codes the API puts on a field (`errors[path]`) when an input names something it may not use: an unknown
 * or retired reference value, an upload that is unknown to the caller or of the wrong kind, a gallery edit
 * that does not add up. Like ALREADY_TAKEN, each code is a top-level key of the browser's catalogue
 * (src/i18n/<lang>/resources.ts), so the form shows the field's error in the user's language; the answer's
 * `message` stays the readable `Invalid input`.
 */
export const FIELD_PROBLEM_CODES = {
  /** An id that names no value of that vocabulary, tag, venue or group. */
  unknownReference: 'UNKNOWN_REFERENCE',
  /** A retired value the record did not already have. */
  retiredReference: 'RETIRED_REFERENCE',
  /** An upload id that does not exist, was removed, or is someone else's and not on the record. */
  unknownUpload: 'UNKNOWN_UPLOAD',
  /** A PDF (or other non-picture) where a picture is expected (logos, galleries). */
  uploadNotAPicture: 'UPLOAD_NOT_A_PICTURE',
  galleryDuplicate: 'GALLERY_PICTURE_TWICE',
  galleryNotAdded: 'GALLERY_PICTURE_NOT_ADDED',
  galleryAddedMissing: 'GALLERY_ADDED_PICTURE_MISSING',
  galleryRemovedPresent: 'GALLERY_REMOVED_PICTURE_PRESENT',
} as const;
export type FieldProblemCode = (typeof FIELD_PROBLEM_CODES)[keyof typeof FIELD_PROBLEM_CODES];

/** Error codes of template requests (`POST /offer-templates/:id/approve|reject`), in `message`. */
export const TEMPLATE_REQUEST_ERROR_CODES = {
  /** 409: the request was approved or rejected already (by someone else, or a moment ago). */
  alreadyDecided: 'TEMPLATE_REQUEST_ALREADY_DECIDED',
} as const;

/**
 * Why a claim of an offer's spot is refused or a claim is not cancelled (`message` of the 4xx); the browser
 * translates each. 409: the offer's state forbids it now; 404: no such offer or claim for the caller.
 */
export const OFFER_CLAIM_ERROR_CODES = {
  /** 409: every spot is claimed. */
  soldOut: 'SOLD_OUT',
  /** 409: this customer holds a live claim of this offer already. */
  alreadyClaimed: 'ALREADY_CLAIMED',
  /** 404: the offer or its event is a draft. */
  notPublished: 'OFFER_NOT_PUBLISHED',
  /** 409: before the offer's validity window. */
  notStarted: 'OFFER_NOT_STARTED',
  /** 409: after the offer's validity window. */
  ended: 'OFFER_ENDED',
  /** 409: a recurrent offer holds for everyone on each occurrence; it has no spots to claim. */
  recurrent: 'OFFER_NOT_CLAIMABLE',
  /** 404: no live claim of that id on that offer for the caller (cancelled already, or another's). */
  claimNotFound: 'CLAIM_NOT_FOUND',
} as const;

/** The answers of `POST /promo-codes/redeem` besides 200 (`message`); the browser translates them. */
export const PROMO_CODE_ERROR_CODES = {
  /** 404: no such code, or a disabled one (one answer for both, so the status of a code cannot be probed). */
  unknown: 'PROMO_CODE_UNKNOWN',
  /** 409: the template's validity has not begun. */
  notYetValid: 'PROMO_CODE_NOT_YET_VALID',
  /** 409: the template's validity is over. */
  expired: 'PROMO_CODE_EXPIRED',
  /** 409: every use of the code is taken (the contract's name). */
  usedUp: 'USED_UP',
  /** 409: this customer has redeemed this code before. */
  alreadyRedeemed: 'PROMO_CODE_ALREADY_REDEEMED',
  /** Field problem (400 on `maxUsageCount`): lower than the redemptions already made. */
  belowUsage: 'PROMO_CODE_BELOW_USAGE',
} as const;
