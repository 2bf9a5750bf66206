// The domain's dependency rules (the README's Architecture layers, Decision 44), checked on the source text:
// modules import each other one way only (checkout → orders → membership,
// vouchers → infra), and a module is reached through its index.ts, so its
// other files stay free to change. A module is the first folder under
// lib/domain, or a top-level file there.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const domainRoot = join(root, 'lib', 'domain');

/**
 * Internal files reached from outside their module, each with its reason.
 * Keys are the importing file and the imported path, both from the project root.
 */
const ALLOWED_INTERNAL_IMPORTS: Record<string, string> = {};

/** Outside lib/domain, the code that must also reach a module through its index (tests may use internals). */
const CALLER_ROOTS = ['app', 'components', 'lib', 'scripts', 'instrumentation.ts', 'middleware.ts'];

function sourceFiles(path: string): string[] {
  const full = join(root, path);
  let stat;
  try {
    stat = statSync(full);
  } catch {
    return [];
  }
  if (stat.isFile()) return /\.tsx?$/.test(path) ? [path] : [];
  return readdirSync(full).flatMap((name) => (name === 'node_modules' ? [] : sourceFiles(join(path, name))));
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** Project-relative, extension-less paths of the domain files a file imports. */
function domainImports(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const found: string[] = [];
  for (const [, specifier] of text.matchAll(SPECIFIER)) {
    let target: string;
    if (specifier.startsWith('@/')) target = specifier.slice(2);
    else if (specifier.startsWith('.')) target = relative(root, resolve(join(root, dirname(file)), specifier));
    else continue;
    target = target
      .split(sep)
      .join('/')
      .replace(/\.tsx?$/, '');
    if (target === 'lib/domain' || target.startsWith('lib/domain/')) found.push(target);
  }
  return found;
}

/** The module a domain path belongs to, and whether the path is that module's index. */
function moduleOf(path: string): { module: string; isIndex: boolean } {
  const parts = path
    .replace(/\.tsx?$/, '')
    .split('/')
    .slice(2);
  const isFolder = parts.length > 1 || statSync(join(domainRoot, parts[0]), { throwIfNoEntry: false })?.isDirectory() === true;
  if (!isFolder) return { module: parts[0], isIndex: true };
  return { module: parts[0], isIndex: parts.length === 1 || (parts.length === 2 && parts[1] === 'index') };
}

const domainFiles = sourceFiles('lib/domain').map((f) => f.split(sep).join('/'));
const callerFiles = CALLER_ROOTS.flatMap(sourceFiles)
  .map((f) => f.split(sep).join('/'))
  .filter((f) => !f.startsWith('lib/domain/'));

function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of domainFiles) {
    const from = moduleOf(file).module;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const target of domainImports(file)) {
      const to = moduleOf(target).module;
      if (to !== from) graph.get(from)!.add(to);
    }
  }
  return graph;
}

function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('domain module graph', () => {
  it('finds the domain files and their imports', () => {
    expect(domainFiles.length).toBeGreaterThan(20);
    expect(moduleGraph().get('checkout')).toContain('orders');
  });

  it('has no cycle between domain modules', () => {
    const cycle = findCycle(moduleGraph());
    expect(cycle && cycle.join(' -> ')).toBeNull();
  });

  it('reaches another module only through its index', () => {
    const breaches: string[] = [];
    for (const file of [...domainFiles, ...callerFiles]) {
      const own = file.startsWith('lib/domain/') ? moduleOf(file).module : null;
      for (const target of domainImports(file)) {
        const { module, isIndex } = moduleOf(target);
        if (module === own || isIndex) continue;
        const key = `${file} -> ${target}`;
        if (!(key in ALLOWED_INTERNAL_IMPORTS)) breaches.push(key);
      }
    }
    expect(breaches).toEqual([]);
  });

  it('keeps the allow-list to imports that still exist', () => {
    const present = new Set([...domainFiles, ...callerFiles].flatMap((file) => domainImports(file).map((target) => `${file} -> ${target}`)));
    expect(Object.keys(ALLOWED_INTERNAL_IMPORTS).filter((key) => !present.has(key))).toEqual([]);
  });
});
