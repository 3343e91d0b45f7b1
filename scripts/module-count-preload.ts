/**
 * Preloaded by scripts/measure-start.ts: on SIGUSR2 the process writes every module it has
 * loaded so far (Bun's registry, ES modules included) and its resident set size as one JSON line
 * on stderr and exits.
 */
process.on('SIGUSR2', () => {
  process.stderr.write(`${JSON.stringify({ modules: Object.keys(require.cache), rss: process.memoryUsage().rss })}\n`);
  process.exit(0);
});
