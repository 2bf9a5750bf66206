// Stripe's wire format for the stand-in: form-encoded bodies with bracketed
// keys, typed parameter checks and Stripe's error envelope.
import { randomBytes } from 'node:crypto';

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormBody = { [key: string]: FormValue };

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Parses `a[b][0][c]=v` form bodies into nested objects and arrays, the way Stripe does. */
export function parseStripeForm(raw: string): FormBody {
  const root: FormBody = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = [...key.matchAll(/^([^[\]]+)|\[([^[\]]*)\]/g)].map((m) => m[1] ?? m[2]);
    let node: FormBody | FormValue[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const container = node as Record<string, FormValue>;
      if (last) {
        container[part] = value;
        return;
      }
      if (container[part] === undefined) container[part] = /^\d+$/.test(parts[i + 1]) ? [] : {};
      node = container[part] as FormBody | FormValue[];
    });
  }
  return root;
}

export const randomId = (prefix: string, length = 24) => prefix + randomBytes(length).toString('base64url').replace(/[-_]/g, 'x').slice(0, length);

export function asString(value: FormValue | undefined, param: string, required = false): string | undefined {
  if (value === undefined) {
    if (required) throw new StripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, param, 'parameter_missing');
    return undefined;
  }
  if (typeof value !== 'string') throw new StripeError(400, 'invalid_request_error', `Invalid string: ${param}`, param, 'parameter_invalid_string');
  return value;
}

export function asInteger(value: FormValue | undefined, param: string, required = false): number | undefined {
  const text = asString(value, param, required);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw new StripeError(400, 'invalid_request_error', `Invalid integer: ${text}`, param, 'parameter_invalid_integer');
  return Number(text);
}

export function asRecord(value: FormValue | undefined): Record<string, FormValue> {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

export function asList(value: FormValue | undefined, param: string): FormValue[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new StripeError(400, 'invalid_request_error', `Invalid array: ${param}`, param);
  return value;
}

export const asMetadata = (value: FormValue | undefined) => Object.fromEntries(Object.entries(asRecord(value)).map(([k, v]) => [k, String(v)]));

export const notFound = (what: string, id: string, param = 'id') =>
  new StripeError(404, 'invalid_request_error', `No such ${what}: '${id}'`, param, 'resource_missing');

export const list = <T>(data: T[], url: string) => ({ object: 'list' as const, data, has_more: false, url });
