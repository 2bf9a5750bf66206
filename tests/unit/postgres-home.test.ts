import { mkdirSync, mkdtempSync, readlinkSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { linkProjectModules } from '../../scripts/lib/postgres-home';

// The embedded cluster's shared copy (scripts/lib/postgres-home.ts) links a few
// modules back into the clone that runs it; the copy outlives that clone.
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function sharedModules(): string {
  const modules = join(mkdtempSync(join(tmpdir(), 'pg-home-shared-')), 'node_modules');
  made.push(modules);
  mkdirSync(modules, { recursive: true });
  return modules;
}

function projectWith(...names: string[]): string {
  const modules = join(mkdtempSync(join(tmpdir(), 'pg-home-project-')), 'node_modules');
  made.push(modules);
  for (const name of names) {
    mkdirSync(join(modules, name), { recursive: true });
    writeFileSync(join(modules, name, 'index.js'), `module.exports = '${name}';`);
  }
  return modules;
}

describe('linkProjectModules', () => {
  it('re-points links left dangling by a deleted clone at the running clone', () => {
    const shared = sharedModules();
    const deleted = projectWith('pg');
    symlinkSync(join(deleted, 'pg'), join(shared, 'pg'), 'dir');
    rmSync(deleted, { recursive: true, force: true });

    const current = projectWith('pg', 'async-exit-hook');
    linkProjectModules(shared, current, ['pg', 'async-exit-hook']);

    expect(realpathSync(join(shared, 'pg'))).toBe(realpathSync(join(current, 'pg')));
    expect(realpathSync(join(shared, 'async-exit-hook'))).toBe(realpathSync(join(current, 'async-exit-hook')));
  });

  it('leaves a link that already points at the running clone as it is', () => {
    const shared = sharedModules();
    const current = projectWith('pg');
    symlinkSync(join(current, 'pg'), join(shared, 'pg'), 'dir');
    linkProjectModules(shared, current, ['pg']);
    expect(readlinkSync(join(shared, 'pg'))).toBe(join(current, 'pg'));
  });
});
