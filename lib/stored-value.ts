import type * as z from 'zod/mini';

// Browser records (SPEC §3: `cart`, `user`) are text anyone can edit; each is
// read through its zod schema. Pure, so the browser store and tests share it.
// The schemas are zod/mini: these records are read on every shop page, and the
// mini build adds a few kilobytes to the browser bundle where classic zod adds
// all its methods.

/** The value a stored text holds under a schema, or null when absent or malformed. */
export function parseStoredValue<S extends z.ZodMiniType>(raw: string | null, schema: S): z.output<S> | null {
  if (raw === null) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
