import { writeFileSync } from 'node:fs';
import { makePreview, makeThumbnail, renderTrustedSvg } from '@/lib/infra/images';
const S = 2000;
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff9a8b"/><stop offset="1" stop-color="#6a5acd"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
${Array.from({length:40},(_,i)=>`<circle cx="${(i*397)%S}" cy="${(i*613)%S}" r="${60+(i*37)%140}" fill="#fff" fill-opacity="0.18"/>`).join('')}
<text x="1000" y="1000" text-anchor="middle" font-family="DejaVu Sans" font-weight="700" font-size="150" fill="#fff">Sunflower Leopard</text>
<text x="1000" y="1180" text-anchor="middle" font-family="DejaVu Sans" font-weight="700" font-size="150" fill="#fff">Tumbler Wrap</text></svg>`;
for (const level of [6, 3]) {
let t = performance.now();
const png = await renderTrustedSvg(svg, { compressionLevel: level });
console.log('png', level, png.length, Math.round(performance.now() - t)); t = performance.now();
const prev = await makePreview(png);
console.log('preview', prev.length, Math.round(performance.now() - t)); t = performance.now();
const th = await makeThumbnail(png);
console.log('thumb', th.length, Math.round(performance.now() - t));
writeFileSync('.tmp-seed/p.webp', prev); writeFileSync('.tmp-seed/p.png', png);
}
