/**
 * `bun run bench`'s revocation part: runs the gateway's in-process measurement
 * (services/gateway/src/bench/revocation-check.ts) as its own process and formats its figures.
 */
import { resolve } from 'node:path';
import type { RevocationFigures } from '@tm/gateway/bench/revocation-check';

export type { RevocationFigures };

/** Runs the measurement (rounds x 2 x durationS seconds plus a few) and answers its figures. */
export async function measureRevocationCheck(options: { rounds: number; durationS: number }): Promise<RevocationFigures> {
  const proc = Bun.spawn([process.execPath, 'services/gateway/src/bench/revocation-check.ts'], {
    cwd: resolve(import.meta.dir, '../..'),
    env: { ...process.env, BENCH_ROUNDS: String(options.rounds), BENCH_DURATION_S: String(options.durationS) },
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const out = await new Response(proc.stdout).text();
  if ((await proc.exited) !== 0) throw new Error('the revocation measurement failed (its stderr is above)');
  return JSON.parse(out.trim().split('\n').at(-1) ?? '') as RevocationFigures;
}

/** The BENCHMARKS.md section. */
export function revocationMarkdown(f: RevocationFigures): string {
  return `## Revocation check on the gateway's hot path

In process (\`app.handle\`, 64 requests in flight, ${f.rounds} alternating rounds of ${f.durationS} s), a bearer
\`GET /api/account/me\` forwarded to a local stand-in for auth, through two gateways built alike:
revocation checking off (an empty fixed set: the gateway before instant revocation) and on (the
view read from a feed holding ${f.revokedEntries.toLocaleString('en')} revoked sessions).

| revocation check | requests/s (median) |
|---|---:|
| off | ${Math.round(f.offRps)} |
| on | ${Math.round(f.onRps)} |
| on / off | ${f.ratio.toFixed(3)} |

The check alone (a Map lookup and a clock comparison per protected request): ${f.checkNs.toFixed(1)} ns.
The wrk figures above already run with it on (the gateway process also polls auth's feed once a second).
`;
}
