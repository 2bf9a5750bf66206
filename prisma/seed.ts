// The demo catalogue of "Pixel Press Studio": categories, products and bundles
// with generated artwork, watermarked previews and real downloadable files, so
// a fresh shop (and every test run) looks and behaves like a working store.
//
// Order matters for crash safety: every object is uploaded first, then all rows
// are written in one transaction that also claims the `demo_seeded` marker. A
// crash leaves at most unreferenced objects in storage, never half a catalogue.
//
// The parts live in prisma/demo/: catalogue.ts (the content), svg.ts,
// designs.ts and covers.ts (the artwork), pdf.ts (the printable guides),
// build.ts (rendering and uploading) and write.ts (the rows).
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { env } from '@/lib/env';
import { db } from '@/lib/infra/db';
import { ensureBuckets } from '@/lib/infra/storage';
import { uploadCatalogue } from './demo/build';
import { AlreadySeeded, SEEDED_KEY, writeCatalogue } from './demo/write';

export { DEMO_BUNDLES, DEMO_CATEGORIES, DEMO_PRODUCTS, DEMO_TAGS } from './demo/catalogue';
export { SEEDED_KEY } from './demo/write';

export const INSTANCE_ID_KEY = 'instance_id';

/** Created once per database and never changed: lets other code tell databases apart. */
async function ensureInstanceId(): Promise<void> {
  await db().setting.createMany({ data: [{ key: INSTANCE_ID_KEY, value: randomUUID() }], skipDuplicates: true });
}

function selectDatabase(databaseUrl: string | undefined): void {
  if (!databaseUrl) return;
  process.env.DATABASE_URL = databaseUrl;
  // env() is read once per process; if something read it earlier, db() would silently use another database.
  if (env().DATABASE_URL !== databaseUrl.trim()) {
    throw new Error('seedDemoCatalogue: the environment was read before the database URL was given; pass it before anything else touches the database');
  }
}

/**
 * Seeds the demo catalogue once per database. Returns `{ seeded: false }` when
 * the `demo_seeded` marker already exists (or another seeder won the race).
 */
export async function seedDemoCatalogue(databaseUrl?: string): Promise<{ seeded: boolean }> {
  selectDatabase(databaseUrl);
  await ensureBuckets();
  await ensureInstanceId();
  if (await db().setting.findUnique({ where: { key: SEEDED_KEY } })) return { seeded: false };

  const now = Date.now();
  const uploaded = await uploadCatalogue();
  try {
    await writeCatalogue(uploaded, now);
  } catch (error) {
    if (error instanceof AlreadySeeded) return { seeded: false };
    throw error;
  }
  return { seeded: true };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  seedDemoCatalogue()
    .then(({ seeded }) =>
      console.log(seeded ? `Seeded the demo catalogue in ${Math.round(performance.now() - started)} ms` : 'The demo catalogue was already seeded'),
    )
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => db().$disconnect());
}
