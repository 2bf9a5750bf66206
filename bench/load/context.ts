// What every load scenario gets from bench/test-load.ts: the running shop,
// its services, the knobs of the run, and the fault levers (Postgres, worker).
import type { Check } from '../lib/load-checks';
import type { Managed } from '../lib/load-processes';
import type { Catalogue } from '../lib/load-shopper';

export type LoadOptions = {
  /** Length of the steady browse-and-buy run (scenario 1). */
  seconds: number;
  shoppers: number;
  /** Mean pause between one shopper's page views. */
  thinkMs: number;
  checkoutsPerSecond: number;
  /** How long scenario 4 waits for the restarted worker to finish the batch. */
  reclaimWaitSeconds: number;
};

export type LoadContext = {
  runTag: string;
  runDir: string;
  databaseUrl: string;
  mailDir: string;
  distDir: string;
  /** Environment of the web instances (production build, SHOP_DISABLE_WORKER=1). */
  serverEnv: NodeJS.ProcessEnv;
  shopUrl: string;
  catalogue: Catalogue;
  options: LoadOptions;
  /** A number no other checkout in this run has (its shopper address and email derive from it). */
  nextCheckout: () => number;
  stopPostgres: () => Promise<void>;
  startPostgres: () => Promise<void>;
  worker: () => Managed;
  restartWorker: () => Managed;
};

export type ScenarioResult = {
  name: string;
  /** Short "label: value" figures for the console summary and bench/results/load.md. */
  figures: string[];
  checks: Check[];
};
