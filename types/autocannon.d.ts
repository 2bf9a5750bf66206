// The part of autocannon's programmatic API the benchmark uses (it ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    timeout?: number;
    requests?: (Request & { setupRequest?: (request: Request) => Request })[];
  };
  type Result = { duration: number; errors: number; timeouts: number; requests: { average: number; total: number } };
  type Instance = EventEmitter & Promise<Result>;

  function autocannon(options: Options): Instance;
  export default autocannon;
}
