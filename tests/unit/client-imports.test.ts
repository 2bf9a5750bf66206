// Browser code never loads zod with the page: the zod core is 16–35 KB gzip, and
// one constant imported from a lib/contract module by a client component put it
// back into the product page's first-load JavaScript (1.16 → 1.48 × the floor,
// `npm run bench`, 2026-11-27; docs/performance.md). This walks the static
// imports (`import type` and `import()` excluded: types vanish, and a dynamic
// import is its own chunk, loaded when it runs) from every 'use client' file
// through the project's own modules.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const SOURCE_DIRS = ['app', 'components', 'lib'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'generated' || name === 'node_modules') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const isClient = (source: string) => /^\s*(['"])use client\1/.test(source.replace(/^(\s*\/\/.*\n)*/, ''));

/** Module specifiers of value imports and re-exports (not `import type`, not `import()`). */
export function staticValueImports(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+['"]([^'"]+)['"]/gm)) {
    const [, , typeOnly, clause, specifier] = m;
    if (typeOnly) continue;
    // `import { type A, type B } from` brings in nothing at run time either.
    const names = /^\{([^}]*)\}$/.exec(clause.trim());
    if (names && names[1].split(',').every((n) => !n.trim() || n.trim().startsWith('type '))) continue;
    found.push(specifier);
  }
  for (const m of source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) found.push(m[1]);
  return found;
}

function resolveLocal(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/') ? join(ROOT, specifier.slice(2)) : specifier.startsWith('.') ? resolve(dirname(from), specifier) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** The chain of files from `start` to a file importing zod, or null. */
function pathToZod(start: string): string[] | null {
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): string[] | null => {
    if (seen.has(file)) return null;
    seen.add(file);
    for (const specifier of staticValueImports(readFileSync(file, 'utf8'))) {
      if (specifier === 'zod' || specifier.startsWith('zod/')) return [...chain, `${relative(ROOT, file)} imports ${specifier}`];
      const next = resolveLocal(file, specifier);
      const found = next && walk(next, [...chain, relative(ROOT, file)]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, []);
}

describe('browser code', () => {
  const clientFiles = SOURCE_DIRS.flatMap((d) => sourceFiles(join(ROOT, d))).filter((f) => isClient(readFileSync(f, 'utf8')));

  it('is found (the walk has something to check)', () => {
    expect(clientFiles.length).toBeGreaterThan(50);
  });

  it('loads no zod with the page, through any chain of static imports', () => {
    const offenders = clientFiles.map((f) => pathToZod(f)).filter((chain): chain is string[] => chain !== null);
    expect(offenders.map((chain) => chain.join(' → '))).toEqual([]);
  });

  it('sees a value import, and not a type-only one', () => {
    expect(staticValueImports(`import { CONSENT_WORDS } from '@/lib/contract/marketing';`)).toEqual(['@/lib/contract/marketing']);
    expect(staticValueImports(`import type { A } from '@/lib/contract/x';\nimport { type B } from '@/lib/contract/y';`)).toEqual([]);
    expect(staticValueImports(`export { a } from './a';\nimport './side-effect';`)).toEqual(['./a', './side-effect']);
  });
});
