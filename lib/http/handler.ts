import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import type { z } from 'zod';
import { invalid, notFound } from '@/lib/domain/errors';
import { requireText } from '@/lib/domain/text';
import { boundBody, SMALL_BODY, type BodyLimit } from './body-limit';
import { toErrorResponse } from './errors';

export type RouteContext<P> = { params: Promise<P> };

/**
 * Wraps a route handler so every failure leaves in the one error shape and
 * no body is read past its limit (64 KB unless the route names another):
 * the limit is applied here, before the route's own first line, so a route
 * cannot forget it or rate-limit and query before it. For the same reason
 * every query parameter and path segment is checked to be text here
 * (lib/domain/text.ts), whether or not the route reads it through parseQuery.
 */
export function handler<P = Record<string, string>>(fn: (request: Request, context: RouteContext<P>) => Promise<Response>, body: BodyLimit = SMALL_BODY) {
  return async (request: Request, context: RouteContext<P>): Promise<Response> => {
    try {
      // Every pair, repeated keys too: a route may read the first of them (URLSearchParams.get).
      for (const [key, value] of new URL(request.url).searchParams) requireText({ [key]: value });
      requireText(await context?.params);
      return await fn(await boundBody(request, body), context);
    } catch (error) {
      // Next's own signals pass through: reading the URL while the build tries
      // to prerender a handler (the sitemap index) makes that handler dynamic.
      unstable_rethrow(error);
      return toErrorResponse(error);
    }
  };
}

/** Query parameters: repeated keys keep the last value; empty strings count as absent. */
export function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const params = new URL(request.url).searchParams;
  const raw: Record<string, string> = {};
  for (const [key, value] of params) if (value !== '') raw[key] = value;
  return schema.parse(raw);
}

export async function parseParams<S extends z.ZodType>(params: Promise<unknown>, schema: S): Promise<z.infer<S>> {
  return schema.parse(await params);
}

/** For a path naming one of a fixed set of resources: anything else is a resource that does not exist (404), not a bad request. */
export async function parsePathOrNotFound<S extends z.ZodType>(params: Promise<unknown>, schema: S, what = 'Not found'): Promise<z.infer<S>> {
  const parsed = schema.safeParse(await params);
  if (!parsed.success) throw notFound(what);
  return parsed.data;
}

export async function parseJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw invalid('Request body must be JSON');
  }
  requireText(body);
  return schema.parse(body);
}

export async function parseForm<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw invalid('Request body must be form data');
  }
  const raw: Record<string, string> = {};
  for (const [key, value] of form) {
    // Files are not read here, but their names are text the client chose.
    requireText({ [key]: typeof value === 'string' ? value : value.name });
    if (typeof value === 'string') raw[key] = value;
  }
  return schema.parse(raw);
}

/** Form fields or a JSON object, whichever the client sent (the spec's clients send forms). */
export async function parseBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const type = request.headers.get('content-type') ?? '';
  return type.includes('application/json') ? parseJson(request, schema) : parseForm(request, schema);
}

export function json(body: unknown, init?: ResponseInit & { cache?: 'public' | 'no-store' }): Response {
  const headers = new Headers(init?.headers);
  if (!headers.has('Cache-Control')) {
    headers.set('Cache-Control', init?.cache === 'public' ? 'public, max-age=0, s-maxage=60, stale-while-revalidate=300' : 'no-store');
  }
  return Response.json(body, { ...init, headers });
}

/**
 * A JSON answer whose body the compiler checks against its contract schema
 * (lib/contract): a renamed or missing field fails the type check, not a client.
 */
export function jsonOf<S extends z.ZodType>(_schema: S, body: z.infer<S>, init?: ResponseInit & { cache?: 'public' | 'no-store' }): Response {
  return json(body, init);
}
