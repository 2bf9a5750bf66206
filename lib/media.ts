import 'server-only';
import { env } from '@/lib/env';

// Image paths in the database are either `/media/<key>` (an object in the public
// bucket) or an http(s) URL used as it is (docs/product.md §3). Relative paths resolve
// under the API base, `/api/media/<key>`, unless a CDN base is configured.

export function publicMediaKey(path: string): string | null {
  const match = /^\/?media\/(.+)$/.exec(path);
  return match ? match[1] : null;
}

export function publicMediaUrl(path: string | null | undefined, options: { absolute?: boolean } = {}): string | null {
  if (!path) return null;
  if (/^https?:\/\//i.test(path)) return path;
  const key = publicMediaKey(path) ?? path.replace(/^\/+/, '');
  const cdn = env().MEDIA_PUBLIC_URL;
  if (cdn) return `${cdn.replace(/\/+$/, '')}/${key}`;
  const relative = `/api/media/${key}`;
  return options.absolute ? `${env().SITE_URL.replace(/\/+$/, '')}${relative}` : relative;
}

export function siteUrl(path = '/'): string {
  return `${env().SITE_URL.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}
