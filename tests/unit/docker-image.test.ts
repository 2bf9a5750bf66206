// No secret is built into an image (issue #24 §2, Decisions 073). There is no Docker daemon on the
// project's machines, so this reads the files Docker would: .dockerignore, applied with Docker's
// own matching rules (@balena/dockerignore), and the Dockerfile, parsed (dockerfile-ast).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ignore from '@balena/dockerignore';
import { Copy, DockerfileParser, From, type Instruction } from 'dockerfile-ast';
import { describe, expect, it } from 'vitest';
import { SHUTDOWN_DRAIN_MS } from '../../scripts/lib/balancer';

const context = ignore().add(readFileSync('.dockerignore', 'utf8'));
const inContext = (path: string) => !context.ignores(path);

const dockerfile = DockerfileParser.parse(readFileSync('Dockerfile', 'utf8'));
type Stage = { name: string; instructions: Instruction[] };
const stages: Stage[] = [];
for (const instruction of dockerfile.getInstructions()) {
  if (instruction instanceof From) stages.push({ name: instruction.getBuildStage() ?? instruction.getImageName() ?? '', instructions: [] });
  else stages.at(-1)?.instructions.push(instruction);
}
const FINAL_STAGES = ['web', 'worker'];

/** Each COPY or ADD: the stage it copies from (undefined: the build context) and its sources. */
function copies(stage: Stage) {
  return stage.instructions
    .filter((i) => i.getKeyword() === 'COPY' || i.getKeyword() === 'ADD')
    .map((i) => {
      const paths = i.getArguments().map((a) => a.getValue());
      // getFromFlag() answers null in dockerfile-ast 0.7.1; the flags list has it.
      const from =
        i instanceof Copy
          ? (i
              .getFlags()
              .find((f) => f.getName() === 'from')
              ?.getValue() ?? undefined)
          : undefined;
      return { keyword: i.getKeyword(), from, sources: paths.slice(0, -1) };
    });
}

// Every .env-style file a developer or an operator keeps, and local data of every kind.
const SECRET_FILES = [
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
  '.env.storage-admin',
  'deploy/.env',
  'app/.env.local',
  'deploy/tls.key',
  'site.pem',
];
const LOCAL_DATA = [
  '.data/postgres/PG_VERSION',
  '.data/cluster-keys.json',
  '.next/BUILD_ID',
  '.next-test/BUILD_ID',
  'node_modules/next/package.json',
  '.git/config',
  'lib/infra/db/generated/client.ts',
];

describe('the build context (.dockerignore)', () => {
  it('holds no .env file of any folder, key or certificate', () => {
    expect(SECRET_FILES.filter(inContext)).toEqual([]);
  });

  it('holds .env.example and the sources', () => {
    expect(['.env.example', 'app/layout.tsx', 'server.mjs', 'package.json', 'prisma/schema.prisma'].filter((p) => !inContext(p))).toEqual([]);
  });

  it('holds no local data: databases, storage, builds, installed packages, git', () => {
    expect(LOCAL_DATA.filter(inContext)).toEqual([]);
  });
});

describe('the Dockerfile', () => {
  it('has the stages it is documented with', () => {
    expect(stages.map((s) => s.name)).toEqual(expect.arrayContaining(['deps', 'build', ...FINAL_STAGES]));
    expect(stages.at(-1)?.name).toBe('web');
  });

  it('never names a .env file as a source', () => {
    const named = stages.flatMap((s) => copies(s).flatMap((c) => c.sources)).filter((source) => /(^|\/)\.env(?!\.example$)/.test(source));
    expect(named).toEqual([]);
  });

  it('copies into the final images only named files and folders of the earlier stages, never the whole app or the context', () => {
    const stageNames = new Set(stages.map((s) => s.name));
    for (const name of FINAL_STAGES) {
      const stage = stages.find((s) => s.name === name) as Stage;
      for (const copy of copies(stage)) {
        expect(copy.from && stageNames.has(copy.from), `${name}: ${copy.keyword} ${copy.sources.join(' ')} from the context`).toBe(true);
        for (const source of copy.sources) expect(source, `${name} copies ${source}`).toMatch(/^\/app\/[^*?]+$/);
      }
    }
  });

  it('copies into the final images only paths that exist (or that its own stages make)', () => {
    const made = new Set(['node_modules', '.next']);
    const missing = FINAL_STAGES.flatMap((name) => copies(stages.find((s) => s.name === name) as Stage))
      .flatMap((c) => c.sources.map((s) => s.slice('/app/'.length).replace(/\/$/, '')))
      .filter((path) => !made.has(path) && !existsSync(path));
    expect(missing).toEqual([]);
  });

  it('gives the web image every file Next loads at start from the project: the config, its imports, the cache handler and its imports', () => {
    const copied = copies(stages.find((s) => s.name === 'web') as Stage).flatMap((c) => c.sources.map((s) => s.slice('/app/'.length).replace(/\/$/, '')));
    const covered = (file: string) => copied.some((path) => file === path || file.startsWith(`${path}/`));
    const needed = localImports(['next.config.ts', 'lib/cache/page-cache-handler.mjs']);
    expect(needed.filter((file) => !covered(file))).toEqual([]);
  });

  it('builds with the database URL as a build secret, never as an ARG or ENV that stays in the image', () => {
    const keys = stages.flatMap((s) =>
      s.instructions
        .filter((i) => i.getKeyword() === 'ARG' || i.getKeyword() === 'ENV')
        .flatMap((i) => i.getArguments().map((a) => a.getValue().split('=')[0])),
    );
    expect(keys.filter((k) => /DATABASE|PASSWORD|SECRET_KEY|SECRET$|TOKEN|NEXTAUTH_SECRET|STRIPE/.test(k))).toEqual([]);
    const build = stages.find((s) => s.name === 'build') as Stage;
    const nextBuild = build.instructions.find((i) => i.getKeyword() === 'RUN' && i.getTextContent().includes('next build'));
    expect(nextBuild?.getTextContent()).toMatch(/--mount=type=secret,id=database_url,env=DATABASE_URL/);
  });

  it('drains a stopping web instance for as long as the balancer takes to take it out', () => {
    const web = stages.find((s) => s.name === 'web') as Stage;
    const cmd =
      web.instructions
        .filter((i) => i.getKeyword() === 'CMD')
        .at(-1)
        ?.getTextContent() ?? '';
    expect(cmd).toContain(`--drain-ms ${SHUTDOWN_DRAIN_MS}`);
  });
});

/** The project files `entries` import, directly or not (relative imports only: packages come with node_modules). */
function localImports(entries: string[]): string[] {
  const found = new Set<string>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    found.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\s*\(\s*|require(?:\.resolve)?\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const base = join(dirname(file), spec);
      const resolved = ['', '.ts', '.mjs', '.js'].map((ext) => base + ext).find((p) => existsSync(p) && statSync(p).isFile());
      if (resolved) visit(resolve(resolved).slice(resolve('.').length + 1));
    }
  };
  entries.forEach(visit);
  return [...found].sort();
}
