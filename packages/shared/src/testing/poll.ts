/** A 127.0.0.1 port nothing listens on right now (for a server a test starts itself). */
export function freePort(): number {
  const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const { port } = listener;
  listener.stop(true);
  return port;
}

/** Polls `probe` until it is true, at most `attempts` times `intervalMs` apart (a bound, never a sleep); throws otherwise. */
export async function waitFor(what: string, probe: () => boolean | Promise<boolean>, attempts = 200, intervalMs = 25): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (await probe()) return;
    await Bun.sleep(intervalMs);
  }
  throw new Error(`timed out waiting for ${what}`);
}
