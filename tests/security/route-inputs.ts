// What each route reads from a client, found from its own source and the
// lib/contract schemas it parses with: its query parameters, path segments,
// JSON fields (at any depth) and form fields, and whether it reads multipart.
// A test can then put a value into every input of every route, and a new
// route, or a new field of a contract schema, is covered the moment it exists.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyRoute } from './routes';

type ZodDef = { type: string; shape?: Record<string, ZodLike>; element?: ZodLike; innerType?: ZodLike; in?: ZodLike; options?: ZodLike[] };
type ZodLike = { _zod: { def: ZodDef } };

/** A body that holds `leaf` at `path` (`items.0.title`), and nothing else. */
export type Placement = { path: string; body: unknown };

export type RouteInputs = {
  /** Query parameter names the route's query schema reads. */
  query: string[];
  /** Each dynamic segment: its name as the route's params name it (`id`, `key.0`), and the path with `value` in it. */
  segments: { name: string; path: (value: string) => string }[];
  /** Where the route's JSON body schema reads a value; empty when it takes no JSON. */
  json: (leaf: unknown) => Placement[];
  /** Form field names (urlencoded or multipart fields through parseForm/parseBody). */
  form: string[];
  /** Whether the route streams a multipart body (uploads). */
  multipart: boolean;
  /** Schema names a parse call uses that are not imported from lib/contract (should be none). */
  unresolved: string[];
};

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);
const joinPath = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** Every place a zod schema reads a value from, each as a body holding `leaf` there. */
export function placements(schema: ZodLike, leaf: unknown, path = ''): Placement[] {
  const def = schema._zod.def;
  if (WRAPPERS.has(def.type) && def.innerType) return placements(def.innerType, leaf, path);
  if (def.type === 'pipe' && def.in) return placements(def.in, leaf, path);
  if (def.type === 'union' && def.options) {
    const all = def.options.flatMap((option) => placements(option, leaf, path));
    return all.filter((p, i) => all.findIndex((q) => q.path === p.path) === i);
  }
  if (def.type === 'object' && def.shape) {
    return Object.entries(def.shape).flatMap(([key, inner]) =>
      placements(inner, leaf, joinPath(path, key)).map((p) => ({ path: p.path, body: { [key]: p.body } })),
    );
  }
  if (def.type === 'array' && def.element) return placements(def.element, leaf, joinPath(path, '0')).map((p) => ({ path: p.path, body: [p.body] }));
  return [{ path, body: leaf }];
}

/** The source of one exported method, following `export const { PUT } = helper(…)` into the helper's file. */
function methodSource(file: string, method: string): { source: string; file: string } {
  const source = readFileSync(file, 'utf8');
  const direct = new RegExp(`export const ${method} = |export (async )?function ${method}\\b`).exec(source);
  if (direct) return { source: until(source, direct.index), file };
  const alias = new RegExp(`export \\{[^}]*\\b(\\w+) as ${method}\\b`).exec(source);
  if (alias) return { source: until(source, new RegExp(`const ${alias[1]} = `).exec(source)?.index ?? 0), file };
  const helper = new RegExp(`export const \\{[^}]*\\b${method}\\b[^}]*\\} = (\\w+)\\(`).exec(source);
  const from = helper && new RegExp(`import \\{[^}]*\\b${helper[1]}\\b[^}]*\\} from '@/([^']+)'`).exec(source);
  if (!from) return { source, file };
  const helperFile = join(process.cwd(), `${from[1]}.ts`);
  const helperSource = readFileSync(helperFile, 'utf8');
  return { source: until(helperSource, new RegExp(`const ${method} = `).exec(helperSource)?.index ?? 0), file: helperFile };
}

/** From `start` to the next top-level (or helper-level) definition. */
function until(source: string, start: number): string {
  const rest = source.slice(start + 1);
  const end = rest.search(/\n(export |const \w+ = |\s{2}const [A-Z]+ = |\s{2}return \{)/);
  return source.slice(start, end < 0 ? undefined : start + 1 + end);
}

const MULTIPART = /streamMultipart|readMultipart|readImagePart/;

/** Whether a method reads multipart itself or through a function of its own file that it hands the request to. */
function readsMultipart(source: string, fileSource: string): boolean {
  if (MULTIPART.test(source)) return true;
  return [...source.matchAll(/(\w+)\(request\b/g)].some(([, name]) => {
    const at = new RegExp(`function\\*? ${name}\\b`).exec(fileSource)?.index;
    return at !== undefined && MULTIPART.test(until(fileSource, at));
  });
}

/** The lib/contract module that `file` imports `name` from, or null. */
function contractModule(file: string, name: string): string | null {
  const imports = readFileSync(file, 'utf8').matchAll(/import \{([^}]*)\} from '(@\/lib\/contract\/[\w-]+)'/g);
  for (const [, names, from] of imports) {
    const imported = names.split(',').map((n) =>
      n
        .trim()
        .split(/\s+as\s+/)
        .pop(),
    );
    if (imported.includes(name)) return from;
  }
  return null;
}

async function contractSchema(file: string, name: string): Promise<ZodLike | null> {
  const contract = contractModule(file, name);
  if (!contract) return null;
  const loaded = (await import(join(process.cwd(), `${contract.slice(2)}.ts`))) as Record<string, ZodLike>;
  return loaded[name] ?? null;
}

const topKeys = (schema: ZodLike) => [...new Set(placements(schema, '').map((p) => p.path.split('.')[0]))].filter(Boolean);

/** Every dynamic segment of `template` (`[id]`, `[...key]`), with the route's sample path around it. */
export function segmentsOf(template: string, fill: (segment: string) => string): RouteInputs['segments'] {
  const parts = template.split('/');
  return parts.flatMap((segment, at) => {
    const name = /^\[(?:\.\.\.)?(\w+)\]$/.exec(segment)?.[1];
    if (!name) return [];
    const path = (value: string) => parts.map((s, i) => (i === at ? value : s.startsWith('[') ? fill(s) : s)).join('/');
    return [{ name: segment.startsWith('[...') ? `${name}.0` : name, path }];
  });
}

export async function routeInputs(route: AnyRoute, fill: (segment: string) => string): Promise<RouteInputs> {
  const { source, file } = methodSource(join(process.cwd(), route.file), route.method);
  const inputs: RouteInputs = { query: [], segments: segmentsOf(route.template, fill), json: () => [], form: [], multipart: false, unresolved: [] };
  inputs.multipart = readsMultipart(source, readFileSync(file, 'utf8'));
  for (const [, kind, name] of source.matchAll(/parse(Query|Json|Body|Form)\(\s*request\s*,\s*(\w+)\s*\)/g)) {
    const schema = await contractSchema(file, name);
    if (!schema) {
      inputs.unresolved.push(name);
      continue;
    }
    if (kind === 'Query') inputs.query.push(...topKeys(schema));
    if (kind === 'Json' || kind === 'Body') inputs.json = (leaf) => placements(schema, leaf);
    if (kind === 'Form' || kind === 'Body') inputs.form.push(...topKeys(schema));
  }
  return inputs;
}
