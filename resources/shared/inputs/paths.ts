/** The value at a dotted path (`generalInfos.media`) of a record or form values. */
export const valueAtPath = (value: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | null | undefined)?.[key], value);
