import { z } from 'zod';
import { idSchema } from './records';

/** List filter values as the browser sends them (`filter={…}`) and the server's lists accept them. */

const MAX_FILTER_VALUES = 100;

/** A filter value given as one id or a list (a multi-select); an empty list filters nothing. */
export const idOrIdsSchema = z
  .union([idSchema, z.array(idSchema).max(MAX_FILTER_VALUES)])
  .transform((value) => (Array.isArray(value) ? value : [value]));

/** A text filter value given once or as a list (cities). */
export const textOrTextsSchema = (max: number) => {
  const text = z.string().trim().min(1).max(max);
  return z
    .union([text, z.array(text).max(MAX_FILTER_VALUES)])
    .transform((value) => (Array.isArray(value) ? value : [value]));
};
