import { imageSrc } from '@/lib/cart';

/** A small square preview; a grey tile when there is no image. */
export function Thumb({ path, size = 56 }: { path: string | null | undefined; size?: number }) {
  const src = imageSrc(path);
  const style = { width: size, height: size };
  if (!src) return <div className="shrink-0 rounded-lg bg-gray-100" style={style} aria-hidden="true" />;
  // eslint-disable-next-line @next/next/no-img-element -- previews are pre-sized WebP (README decision 3)
  return <img src={src} alt="" width={size} height={size} style={style} className="shrink-0 rounded-lg object-cover" loading="lazy" />;
}
