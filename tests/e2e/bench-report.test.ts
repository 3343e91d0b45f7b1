/**
 * The bench's arithmetic (scripts/bench/report.ts): medians over rounds, per-round ratios and the
 * target verdict. The bench itself is run by hand (`bun run bench`); these rules are tested here.
 */

import { describe, expect, it } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadResult } from '../../scripts/bench/load.ts';
import { type CaseResult, median, ratiosTable, resultsTable, summarize } from '../../scripts/bench/report.ts';
import { keptSectionsOf, renderStartup, scaleSectionOf, sectionOf, writeSection } from '../../scripts/bench-scale/report.ts';

const run = (requestsPerS: number, p99Ms: number, extra: Partial<LoadResult> = {}): LoadResult => ({
  requests: requestsPerS * 8,
  requestsPerS,
  p50Ms: p99Ms / 3,
  p99Ms,
  non2xx: 0,
  socketErrors: 0,
  ...extra,
});

const row = (table: string, start: string) => table.split('\n').find((l) => l.startsWith(start)) ?? '';

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe('summarize', () => {
  it('gives medians of rates and percentiles, the p99 range, and totals of the counts', () => {
    const s = summarize([run(100, 9), run(300, 30, { non2xx: 2 }), run(200, 7, { socketErrors: 1 })]);
    expect(s).toMatchObject({ requestsPerS: 200, p99Ms: 9, p99MinMs: 7, p99MaxMs: 30, requests: 4800, non2xx: 2, socketErrors: 1 });
  });
});

describe('ratiosTable', () => {
  const group = (gateway: LoadResult[], nginx: LoadResult[], catalog: LoadResult[]): CaseResult[] => [
    { target: 'catalog', endpoint: 'GET /api/services/catalog', auth: 'anonymous', rounds: catalog },
    { target: 'nginx', endpoint: 'GET /api/services/catalog', auth: 'anonymous', rounds: nginx },
    { target: 'gateway', endpoint: 'GET /api/services/catalog', auth: 'anonymous', rounds: gateway },
  ];

  it('takes the median of per-round ratios, so a slow round slows both sides of its ratio', () => {
    // Round 2 ran on a busy machine: both halved. Per-round a/b is 0.65 each time.
    const table = ratiosTable(
      group(
        [run(13_000, 8), run(6_500, 9), run(13_000, 8)],
        [run(20_000, 4), run(10_000, 5), run(20_000, 4)],
        [run(40_000, 2), run(40_000, 2), run(40_000, 2)],
      ),
    );
    expect(row(table, '| GET /api/services/catalog | anonymous')).toBe(
      '| GET /api/services/catalog | anonymous | 0.65 | 0.33 | 0.50 | n/a | n/a | 8.00 | yes | 3/3 |',
    );
  });

  it('puts the bare Bun proxy (d) beside nginx and the gateway beside it, per round', () => {
    const cases: CaseResult[] = [
      ...group([run(12_000, 8), run(6_000, 9)], [run(20_000, 4), run(10_000, 5)], [run(40_000, 2), run(20_000, 2)]),
      { target: 'bare', endpoint: 'GET /api/services/catalog', auth: 'anonymous', rounds: [run(16_000, 6), run(8_000, 7)] },
    ];
    expect(row(ratiosTable(cases), '| GET /api/services/catalog')).toBe(
      '| GET /api/services/catalog | anonymous | 0.60 | 0.30 | 0.50 | 0.80 | 0.75 | 8.50 | yes | 2/2 |',
    );
    expect(resultsTable(cases)).toContain('| (d) bare Bun fetch proxy, no policy | 12,000 |');
  });

  it('says no when the median p99 is 10 ms or more, and counts the slices (measurements) that met the target alone', () => {
    const table = ratiosTable(
      group(
        [run(13_000, 12), run(13_000, 9), run(13_000, 10)],
        [run(20_000, 4), run(20_000, 4), run(20_000, 4)],
        [run(40_000, 2), run(40_000, 2), run(40_000, 2)],
      ),
    );
    expect(row(table, '| GET /api/services/catalog')).toEndWith('| 10.00 | no | 1/3 |');
  });

  it('says no when the gateway falls under 0.60 of nginx (issue 25)', () => {
    const table = ratiosTable(group([run(11_800, 5)], [run(20_000, 4)], [run(40_000, 2)]));
    expect(row(table, '| GET /api/services/catalog')).toBe('| GET /api/services/catalog | anonymous | 0.59 | 0.29 | 0.50 | n/a | n/a | 5.00 | no | 0/1 |');
  });

  it('shows n/a for a skipped case', () => {
    const cases: CaseResult[] = [
      { target: 'nginx', endpoint: 'POST /api/jobs/pricing', auth: 'bearer', skipped: 'no token' },
      { target: 'gateway', endpoint: 'POST /api/jobs/pricing', auth: 'bearer', skipped: 'no token' },
    ];
    expect(row(ratiosTable(cases), '| POST /api/jobs/pricing')).toBe('| POST /api/jobs/pricing | bearer | n/a | n/a | n/a | n/a | n/a | n/a | n/a | n/a |');
    expect(resultsTable(cases)).toContain('not run: no token');
  });
});

describe('the bench:scale section of BENCHMARKS.md', () => {
  it('is found with its markers, so bun run bench keeps it when it rewrites the file', () => {
    const section = '<!-- bench:scale:start -->\n## Scale\n| a | b |\n<!-- bench:scale:end -->';
    expect(scaleSectionOf(`# Benchmarks\n\n## Results\n\n${section}\n\ntrailing`)).toBe(section);
  });

  it('is empty when the file has none or only half of it', () => {
    expect(scaleSectionOf('# Benchmarks')).toBe('');
    expect(scaleSectionOf('<!-- bench:scale:start -->\nno end')).toBe('');
  });
});

describe('the bench:startup section of BENCHMARKS.md', () => {
  const rounds = [
    { service: 'catalog', round: 1, readyMs: 4774, peakMb: 476, slowestFirstMs: 175, loadAverage: '1.17 0.48 0.18' },
    { service: 'talent', round: 1, readyMs: 6764, peakMb: 515, slowestFirstMs: 0, loadAverage: '1.12 0.51 0.20' },
  ];
  const phases = {
    catalog: { mb: 212, docs: 98000, fetchMs: 1147, fetchCpuMs: 792, driverDecodeAloneCpuMs: 3756 },
    talent: { mb: 78, docs: 97500, decodeCpuMs: 1893, buildCpuMs: 3200 },
  };
  const report = renderStartup({ n: 100_000, commit: 'abc1234', at: new Date('2026-11-26T22:00:00Z'), loadBefore: '0.2', loadAfter: '1.1', rounds, phases });

  it('judges each round against the 5 s target and gives the phases with the gauge', () => {
    expect(report.startsWith('<!-- bench:startup:start -->')).toBe(true);
    expect(report.endsWith('<!-- bench:startup:end -->')).toBe(true);
    expect(report).toContain('| catalog | 1 | 4774 | yes | 476 | 175 | 1.17 0.48 0.18 |');
    expect(report).toContain('| talent | 1 | 6764 | no | 515 | n/a | 1.12 0.51 0.20 |');
    expect(report).toContain('catalog (212 MB of BSON, 98,000 documents): fetch 792, driverDecodeAlone 3,756;');
    expect(report).toContain('talent (78 MB of BSON, 97,500 documents): decode 1,893, build 3,200.');
    expect(report).toContain('3,756 ms CPU in this run');
  });

  it('is kept beside the bench:scale section when bun run bench rewrites the file, and written in place by its own script', async () => {
    const scale = '<!-- bench:scale:start -->\n## Scale\n<!-- bench:scale:end -->';
    const text = `# Benchmarks\n\n${scale}\n\n${report}\n`;
    expect(sectionOf(text, 'startup')).toBe(report);
    expect(keptSectionsOf(text)).toBe(`${scale}\n\n${report}`);
    expect(keptSectionsOf('# Benchmarks')).toBe('');
    const file = join(mkdtempSync(join(tmpdir(), 'bench-startup-')), 'BENCHMARKS.md');
    await Bun.write(file, `# Benchmarks\n\n${scale}\n`);
    await writeSection(file, 'startup', report);
    await writeSection(file, 'startup', report.replace('4774', '4700'));
    const written = await Bun.file(file).text();
    expect(scaleSectionOf(written)).toBe(scale);
    expect(written.split('bench:startup:start')).toHaveLength(2);
    expect(sectionOf(written, 'startup')).toContain('| catalog | 1 | 4700 | yes |');
  });
});

describe('the content section', () => {
  it('gives each endpoint its ratio to the catalog against the 0.8 target, and judges the 304 p50 against 1 ms', async () => {
    const { contentMarkdown } = await import('../../scripts/bench/content.ts');
    const md = contentMarkdown({
      rounds: 1,
      durationS: 1,
      connections: 16,
      cases: [
        { name: 'GET /api/services/catalog', requestsPerS: 1000, p50Ms: 4, p99Ms: 9, non2xx: 0 },
        { name: 'GET /api/i18n/en/common', requestsPerS: 900, p50Ms: 4, p99Ms: 9, non2xx: 0 },
        { name: 'GET /api/legal/terms', requestsPerS: 700, p50Ms: 4, p99Ms: 9, non2xx: 0 },
      ],
      notModified: { requestsPerS: 3000, p50Ms: 0.3, p99Ms: 2 },
    });
    expect(row(md, '| GET /api/i18n/en/common')).toContain('0.90 (meets >= 0.8)');
    expect(row(md, '| GET /api/legal/terms')).toContain('0.70 (below 0.8)');
    expect(md).toContain('p50 0.300 ms');
    expect(md).toContain('(meets the < 1 ms p50 target)');
  });
});
