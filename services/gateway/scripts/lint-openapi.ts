/**
 * Lints the public OpenAPI document with Redocly's `recommended` rules: the document is built
 * in-process exactly as GET /openapi.json serves it (the gateway's merge over the real service
 * apps' parts), written to a temporary file and handed to `redocly lint`. Exits non-zero on any
 * error, so CI fails like it does on a Biome error. `--out <file>` keeps the document.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildServedOpenApi } from '../src/openapi/testing/served-document.ts';

const outIndex = process.argv.indexOf('--out');
const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
const file = outIndex > 0 && process.argv[outIndex + 1] ? resolve(process.argv[outIndex + 1] as string) : join(dir, 'openapi.json');
try {
  writeFileSync(file, `${JSON.stringify(await buildServedOpenApi(), null, 2)}\n`);
  const cli = Bun.resolveSync('@redocly/cli/bin/cli.js', import.meta.dir);
  const lint = Bun.spawnSync([process.execPath, cli, 'lint', file, '--extends=recommended', '--format=codeframe'], {
    stdout: 'inherit',
    stderr: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  process.exitCode = lint.exitCode ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
// The service apps the document was built from may hold timers (workers, refreshers): the script is done.
process.exit(process.exitCode ?? 0);
