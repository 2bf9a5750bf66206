declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  type S3rverOptions = {
    address?: string;
    port?: number;
    directory?: string;
    silent?: boolean;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  };

  /** The slice of Koa's context the shop's own stand-in middleware uses. */
  export type Context = { method: string; url: string; get(name: string): string; status: number; type: string; body: unknown };

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Koa's middleware list (S3rver is a Koa application), run in order. */
    middleware: ((ctx: Context, next: () => Promise<void>) => Promise<void>)[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
