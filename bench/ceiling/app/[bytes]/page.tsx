// Static HTML padded to the size of one shop page, one route per size given
// in BENCH_CEILING_SIZES at build time (/27000, /57000, …), so each page is
// compared with a bare page moving the same bytes. The text appears twice in
// the response (the HTML and the RSC payload that hydrates it) on top of about
// 4.5 kB of framework markup: measured, the response is 4.5 kB + 2.07 × the text.
const LINE = 'Print-ready designs, clip art and bundles for the bench ceiling page. ';

export const dynamicParams = false;

export function generateStaticParams() {
  const sizes = (process.env.BENCH_CEILING_SIZES ?? '20000')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  return sizes.map((bytes) => ({ bytes: String(bytes) }));
}

export default async function CeilingPage({ params }: { params: Promise<{ bytes: string }> }) {
  const target = Number((await params).bytes);
  const paragraphs = Math.max(1, Math.round((target - 4_500) / 2.07 / (LINE.length * 10 + 7)));
  return (
    <main>
      <h1>Ceiling</h1>
      {Array.from({ length: paragraphs }, (_, i) => (
        <p key={i}>{LINE.repeat(10)}</p>
      ))}
    </main>
  );
}
