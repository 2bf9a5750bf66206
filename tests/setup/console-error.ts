// A test that logs console.error without declaring it fails (see
// tests/support/console-errors.ts). An error logged outside any test fails the
// file. A test that replaces console.error itself (vi.spyOn(...).mockImplementation)
// has declared it too: its replacement runs instead of this one.
import { format } from 'node:util';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { consoleErrorState } from '../support/console-errors';

const state = consoleErrorState();
const original = console.error.bind(console);

console.error = (...args: unknown[]) => {
  const text = format(...args);
  const match = state.inTest ? state.expected.find((e) => e.pattern.test(text)) : undefined;
  if (match) {
    match.seen = true;
    return;
  }
  (state.inTest ? state.unexpected : state.outsideTests).push(text);
  original(...args);
};

beforeEach(() => {
  state.expected = [];
  state.unexpected = [];
  state.inTest = true;
});

afterEach(() => {
  state.inTest = false;
  const problems = [
    ...state.unexpected.map((text) => `console.error was called unexpectedly: ${text}`),
    ...state.expected.filter((e) => !e.seen).map((e) => `expected a console.error matching ${e.pattern}, none was logged`),
  ];
  if (problems.length) throw new Error(problems.join('\n'));
});

afterAll(() => {
  if (state.outsideTests.length) throw new Error(`console.error was called outside a test: ${state.outsideTests.join('\n')}`);
});
