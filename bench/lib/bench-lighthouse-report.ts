// Markdown for bench/results/lighthouse.md: scores, the metrics behind the
// performance score, and every audit that did not pass, per page.
import { loadavg } from 'node:os';
import type { RunnerResult } from 'lighthouse';

export type PageAudit = { path: string; lhr: RunnerResult['lhr'] };

const GOALS: Record<string, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

const score = (s: number | null | undefined) => (s === null || s === undefined ? '–' : String(Math.round(s * 100)));

export function renderLighthouse(pages: PageAudit[], at: Date, runs: number): string {
  const lines = [`## ${at.toISOString().replace(/\.\d+Z$/, 'Z')}`, ''];
  lines.push(
    `Lighthouse ${pages[0]?.lhr.lighthouseVersion ?? ''}, ${pages[0]?.lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? ''}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}. Each page: the run with the median Performance score of ${runs}.`,
    '',
  );
  lines.push(
    '| page | Performance | Accessibility | Best Practices | SEO | FCP | LCP | TBT | CLS | SI |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const { path, lhr } of pages) {
    const cat = (id: string) => {
      const s = lhr.categories[id]?.score;
      const text = score(s);
      return s !== null && s !== undefined && Math.round(s * 100) < GOALS[id] ? `**${text}**` : text;
    };
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? '–';
    lines.push(`| ${path} | ${cat('performance')} | ${cat('accessibility')} | ${cat('best-practices')} | ${cat('seo')} | ${METRICS.map(metric).join(' | ')} |`);
  }
  lines.push('', `Goals: Performance ≥ ${GOALS.performance}, Accessibility, Best Practices and SEO ${GOALS.seo}; bold = below goal.`, '');
  const failing = pages.flatMap(({ path, lhr }) =>
    Object.values(lhr.categories).flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0 || category.id === 'performance')
        .map((ref) => lhr.audits[ref.id])
        .filter(
          (a) =>
            a &&
            a.score !== null &&
            a.score < 0.9 &&
            a.scoreDisplayMode !== 'informative' &&
            a.scoreDisplayMode !== 'notApplicable' &&
            a.scoreDisplayMode !== 'manual',
        )
        .map((a) => `- ${path} · ${category.title}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`),
    ),
  );
  lines.push('### Audits below 0.9', '', ...(failing.length ? [...new Set(failing)] : ['None.']), '');
  return lines.join('\n');
}
