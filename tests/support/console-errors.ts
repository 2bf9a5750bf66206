// console.error in a test run means something went wrong that no assertion
// looked at. tests/setup/console-error.ts fails any test that logs one; a test
// that provokes an error on purpose says so with expectConsoleError, which
// also fails the test if the error never comes.

export type ConsoleErrorState = {
  /** Patterns the running test expects, and whether each has been seen. */
  expected: { pattern: RegExp; seen: boolean }[];
  /** Logged while a test ran, matching no expected pattern. */
  unexpected: string[];
  /** Logged outside any test (module load, beforeAll, afterAll, stray timers). */
  outsideTests: string[];
  inTest: boolean;
};

const KEY = Symbol.for('design-shop.console-errors');

/** One state per test file's context, shared by the setup file and the helpers below. */
export function consoleErrorState(): ConsoleErrorState {
  const holder = globalThis as unknown as Record<symbol, ConsoleErrorState | undefined>;
  holder[KEY] ??= { expected: [], unexpected: [], outsideTests: [], inTest: false };
  return holder[KEY];
}

/**
 * Declares that the running test logs a console.error matching `pattern`
 * (tested against the logged arguments joined by spaces). The log is then kept
 * out of the output; the test fails if no such error is logged by its end.
 */
export function expectConsoleError(pattern: RegExp): void {
  const state = consoleErrorState();
  if (!state.inTest) throw new Error('expectConsoleError belongs inside a test');
  state.expected.push({ pattern, seen: false });
}
