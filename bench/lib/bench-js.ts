// First-load JavaScript of a page, as a browser on a cold cache downloads it:
// every <script src> in the server's HTML (but noModule ones) that points into /_next/static,
// read from the build folder and gzipped (level 6, what `next start` sends),
// summed. Inline scripts (the RSC payload) are part of the HTML, not counted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export type FirstLoadJs = { path: string; scripts: number; gzipBytes: number; rawBytes: number };

export async function firstLoadJs(baseUrl: string, path: string, distDir: string): Promise<FirstLoadJs> {
  const response = await fetch(baseUrl + path);
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  const html = await response.text();
  // noModule scripts (legacy polyfills) are skipped by every browser that runs the app.
  const tags = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !/\snomodule\b/i.test(tag));
  const sources = new Set(tags.flatMap((tag) => tag.match(/\ssrc="([^"]+)"/)?.[1] ?? []));
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const src of sources) {
    const pathname = new URL(src, baseUrl).pathname;
    if (!pathname.startsWith('/_next/static/')) throw new Error(`${path}: script from outside the build: ${src}`);
    const file = readFileSync(join(distDir, 'static', decodeURIComponent(pathname.slice('/_next/static/'.length))));
    rawBytes += file.length;
    gzipBytes += gzipSync(file, { level: 6 }).length;
  }
  return { path, scripts: sources.size, gzipBytes, rawBytes };
}
