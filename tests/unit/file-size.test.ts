// No source file over 300 lines (issue #25 §3): past that a file has usually grown a second
// job, and the layering rules only help when each file has one. The shipped code is held to it:
// app, components, lib, scripts, prisma, middleware and the server. The demo catalogue's data
// table is the one exception: a list, not logic.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 300;
const ROOTS = ['app', 'components', 'lib', 'scripts', 'prisma', 'middleware.ts', 'server.mjs'];
const EXEMPT = new Set(['prisma/demo/catalogue.ts']);
const GENERATED = /^lib\/infra\/db\/generated\//;

const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...ROOTS], { encoding: 'utf8' })
  .split('\n')
  .filter((path) => /\.(ts|tsx|mjs|js)$/.test(path) && !GENERATED.test(path) && !EXEMPT.has(path));

describe('source files', () => {
  it('are found (the guard reads the tree it guards)', () => {
    expect(sources.length).toBeGreaterThan(200);
    expect(sources).toContain('lib/domain/orders/index.ts');
  });

  it(`have at most ${MAX_LINES} lines each`, () => {
    const long = sources
      .map((path) => ({ path, lines: readFileSync(path, 'utf8').replace(/\n$/, '').split('\n').length }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.path}: ${f.lines}`);
    expect(long).toEqual([]);
  });
});
