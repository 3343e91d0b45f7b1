import { SERVICE_CREDENTIAL_HEADER } from '@tm/shared/http';
import { TEST_SERVICE_CREDENTIAL } from '@tm/shared/testing';

/**
 * A local stand-in for bookings' internal account endpoints (packages/contracts/src/account.ts):
 * export answers the person's bookings and payments, erase strips them of personal data (409
 * ACCOUNT_HAS_ACTIVE_BOOKINGS while one is active), and `down` makes it answer 503. Tests only.
 */
export function startBookingsPeer() {
  const state = {
    down: false,
    bookings: new Map<string, { id: string; status: string; contact?: { name?: string; email?: string } }[]>(),
    erased: [] as string[],
    /** The body of each erase, by user id (the contact data auth sends). */
    erasedWith: new Map<string, unknown>(),
  };
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      if (state.down) return Response.json({ success: false, error: { code: 'UPSTREAM_UNAVAILABLE', message: 'down' } }, { status: 503 });
      // As the real services: /internal/* only for a caller with a credential (the test one).
      if (req.headers.get(SERVICE_CREDENTIAL_HEADER) !== TEST_SERVICE_CREDENTIAL)
        return Response.json({ success: false, error: { code: 'SERVICE_CREDENTIAL_REQUIRED', message: 'no credential' } }, { status: 401 });
      const m = new URL(req.url).pathname.match(/^\/internal\/accounts\/([^/]+)\/(export|erase)$/);
      if (!m) return Response.json({ success: false, error: { code: 'ROUTE_NOT_FOUND', message: 'no' } }, { status: 404 });
      const userId = decodeURIComponent(m[1] ?? '');
      const mine = state.bookings.get(userId) ?? [];
      if (m[2] === 'export' && req.method === 'GET')
        return Response.json({ success: true, data: { service: 'bookings', data: { bookings: mine, payments: [] } } });
      if (m[2] === 'erase' && req.method === 'POST') {
        state.erasedWith.set(userId, await req.json().catch(() => undefined));
        if (mine.some((b) => ['paid', 'confirmed', 'in_progress'].includes(b.status))) {
          return Response.json({ success: false, error: { code: 'ACCOUNT_HAS_ACTIVE_BOOKINGS', message: 'active' } }, { status: 409 });
        }
        for (const b of mine) delete b.contact;
        state.erased.push(userId);
        return Response.json({ success: true, data: { service: 'bookings', erased: true, kept: mine.length } });
      }
      return new Response(null, { status: 405 });
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, state, stop: () => server.stop(true) };
}
