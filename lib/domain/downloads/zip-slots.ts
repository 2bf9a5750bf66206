// "Download all" admission (Decision 074). A streaming ZIP holds a storage
// connection for as long as its client reads, so starts are capped: per holder
// (the customer, or the order for guest links) across every instance, by
// leases in Postgres, and per instance, by a count in this process. A ZIP
// gives both back the moment it finishes, fails or is cancelled; the lease of
// an instance that died lapses ZIP_LEASE_SECONDS after its last renewal.
import 'server-only';
import { randomUUID } from 'node:crypto';
import { AppError } from '@/lib/domain/errors';
import { env } from '@/lib/env';
import { db } from '@/lib/infra/db';

/** ZIPs one customer (or one guest order) may stream at once, whichever instances serve them. */
export const ZIPS_PER_HOLDER = 2;
/** A lease not renewed for this long belongs to an instance that is gone. */
export const ZIP_LEASE_SECONDS = 30;
// Renewed three times per lease: two missed renewals (a database blip) still keep it.
const RENEW_EVERY_MS = (ZIP_LEASE_SECONDS / 3) * 1000;
/** What a refused client is told to wait: long enough for a small ZIP to finish. */
export const ZIP_RETRY_AFTER_SECONDS = 30;

export type ZipSlot = { release: () => void };

// On globalThis: every route bundle of this process must count the same ZIPs.
type InstanceState = { streaming: number; leases: Set<string>; renewal?: ReturnType<typeof setInterval> };
const globalForZips = globalThis as unknown as { shopZipSlots?: InstanceState };
const instance = (): InstanceState => (globalForZips.shopZipSlots ??= { streaming: 0, leases: new Set() });

/** Whose slots a ZIP of this order takes: the account's, or the order's own for a guest link. */
export const zipHolder = (order: { id: string; userId: string | null }) => (order.userId ? `customer:${order.userId}` : `order:${order.id}`);

/**
 * Takes one of the instance's ZIP slots and one of the holder's, or throws
 * rate_limited (429 with Retry-After) when either is full. The caller must
 * call `release` exactly when the ZIP ends; a second call does nothing.
 */
export async function acquireZipSlot(holder: string): Promise<ZipSlot> {
  const state = instance();
  if (state.streaming >= env().ZIP_DOWNLOADS_PER_INSTANCE) {
    throw new AppError(
      'rate_limited',
      `Too many "Download all" ZIPs are being prepared right now. Please try again in ${ZIP_RETRY_AFTER_SECONDS} seconds.`,
      undefined,
      ZIP_RETRY_AFTER_SECONDS,
    );
  }
  // Counted before the first await, so concurrent requests on this instance cannot overshoot.
  state.streaming++;
  let leaseId: string | null;
  try {
    leaseId = await takeLease(holder);
  } catch (error) {
    state.streaming--;
    throw error;
  }
  if (!leaseId) {
    state.streaming--;
    throw new AppError(
      'rate_limited',
      `${ZIPS_PER_HOLDER} "Download all" ZIPs of this account or order are already downloading. Please let one finish, then try again.`,
      undefined,
      ZIP_RETRY_AFTER_SECONDS,
    );
  }
  state.leases.add(leaseId);
  state.renewal ??= setInterval(renewLeases, RENEW_EVERY_MS).unref();
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      state.streaming--;
      state.leases.delete(leaseId);
      if (state.leases.size === 0) {
        clearInterval(state.renewal);
        state.renewal = undefined;
      }
      // Not awaited: the stream has ended either way. Should the delete fail, the lease lapses.
      db()
        .zipDownloadLease.deleteMany({ where: { leaseId } })
        .catch((error: unknown) => console.warn(`[zip] could not release a download slot, it lapses in ${ZIP_LEASE_SECONDS} s:`, errorText(error)));
    },
  };
}

/**
 * Claims the first of the holder's slots that is free or whose lease lapsed.
 * One statement per slot: the primary key serialises instances racing for the
 * same slot, and the loser of a race moves on to the next one.
 */
async function takeLease(holder: string): Promise<string | null> {
  const leaseId = randomUUID();
  for (let slot = 0; slot < ZIPS_PER_HOLDER; slot++) {
    const taken = await db().$queryRaw<{ slot: number }[]>`
      INSERT INTO "ZipDownloadLease" (holder, slot, "leaseId", "expiresAt")
      VALUES (${holder}, ${slot}, ${leaseId}, now() + make_interval(secs => ${ZIP_LEASE_SECONDS}))
      ON CONFLICT (holder, slot) DO UPDATE SET "leaseId" = EXCLUDED."leaseId", "expiresAt" = EXCLUDED."expiresAt"
        WHERE "ZipDownloadLease"."expiresAt" <= now()
      RETURNING slot`;
    if (taken.length > 0) return leaseId;
  }
  return null;
}

/** One statement renews every lease this instance holds. */
async function renewLeases(): Promise<void> {
  const leases = [...instance().leases];
  if (leases.length === 0) return;
  try {
    await db().$executeRaw`
      UPDATE "ZipDownloadLease" SET "expiresAt" = now() + make_interval(secs => ${ZIP_LEASE_SECONDS})
      WHERE "leaseId" = ANY(${leases}::text[])`;
  } catch (error) {
    console.warn('[zip] could not renew download slots, retrying at the next renewal:', errorText(error));
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
