/**
 * A stand-in for auth's revocation feed (`GET /internal/revocations`) on 127.0.0.1: serves
 * `state.revoked`, records each `since` it is asked from, and answers 503 while `state.down`.
 */
export function startRevocationFeed() {
  const state = { down: false, revoked: [] as { sid: string; until: number }[], asked: [] as string[] };
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const url = new URL(request.url);
      if (url.pathname !== '/internal/revocations') return new Response('no', { status: 404 });
      state.asked.push(url.searchParams.get('since') ?? '');
      if (state.down) return new Response('down', { status: 503 });
      return Response.json({ success: true, data: { revoked: state.revoked, next: 1234, more: false } });
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, state, stop: () => server.stop(true) };
}
