// Lowers the CPU priority (nice value) of the whole process, for the standalone
// job worker: on a machine it shares with a web instance, image work then runs
// on what the web process leaves over instead of taking half of it (issue #16
// §4, Decisions 069). Linux keeps a nice value per thread and a new thread
// takes its creator's: the main thread alone would leave libuv's pool (where
// sharp's work starts, and libvips' own threads from it) at the old value, so
// every thread that already exists is lowered too. Elsewhere the process
// call covers the process.
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** Sets `nice` (-20 highest … 19 lowest) on this process and all its threads; returns what the process has afterwards. */
export function lowerPriority(nice: number): number {
  setPriority(0, nice);
  let threads: string[] = [];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    // not Linux: setPriority(0) applied to the process
  }
  for (const tid of threads) {
    try {
      setPriority(Number(tid), nice);
    } catch {
      // the thread ended meanwhile
    }
  }
  return getPriority(0);
}
