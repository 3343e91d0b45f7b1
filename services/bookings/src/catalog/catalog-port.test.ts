import { afterAll, describe, expect, it } from 'bun:test';
import type { Cart } from '@tm/contracts';
import { createMemoryLogger, DomainError } from '@tm/shared';
import { createFakeCatalog } from '../testing/bookings-under-test.ts';
import { createHttpCatalog } from './catalog-port.ts';

/** A catalog over real HTTP whose answer each test sets; it records what it was sent. */
let answer: (req: Request) => Response | Promise<Response> = () => Response.json({});
const seen: { path: string; country: string | null; requestId: string | null; body: unknown }[] = [];
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(req) {
    seen.push({
      path: new URL(req.url).pathname,
      country: req.headers.get('x-country'),
      requestId: req.headers.get('x-request-id'),
      body: await req.clone().json(),
    });
    return answer(req);
  },
});
afterAll(() => server.stop(true));

const logger = createMemoryLogger('bookings');
const catalog = createHttpCatalog({ baseUrl: `http://127.0.0.1:${server.port}`, timeoutMs: 300, logger });
const cart: Cart = { items: [{ serviceId: 'web-app', hours: 2 }] };
const quote = await createFakeCatalog({ now: () => Date.now() }).quoteCart(cart, 'DE');

async function failure(p: Promise<unknown>): Promise<DomainError<string>> {
  const error = await p.then(
    () => undefined,
    (e) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError<string>;
}

describe('the catalog port', () => {
  it('asks catalog once per quote, with the market and the request id, and answers the checked Quote', async () => {
    answer = () => Response.json({ success: true, data: { ...quote, extra: 'dropped' } });
    seen.length = 0;
    const got = await catalog.quoteCart(cart, 'DE', 'req-123');
    expect(got).toEqual(quote);
    expect(seen).toEqual([{ path: '/jobs/pricing', country: 'DE', requestId: 'req-123', body: cart }]);
  });

  it("passes catalog's cart codes through, and any other 400 as INVALID_CART", async () => {
    answer = () => Response.json({ success: false, error: { code: 'SERVICE_NOT_OFFERED', message: 'not in DE' } }, { status: 400 });
    const notOffered = await failure(catalog.quoteCart(cart, 'DE'));
    expect([notOffered.code, notOffered.message]).toEqual(['SERVICE_NOT_OFFERED', 'not in DE']);
    answer = () => Response.json({ success: false, error: { code: 'SOMETHING_NEW', message: 'no' } }, { status: 400 });
    expect((await failure(catalog.quoteCart(cart, 'DE'))).code).toBe('INVALID_CART');
  });

  it('never takes a price from an answer that breaks the Quote contract (UPSTREAM_ERROR) or a catalog failure (UPSTREAM_UNAVAILABLE)', async () => {
    answer = () => Response.json({ success: true, data: { ...quote, total: 'free' } });
    expect((await failure(catalog.quoteCart(cart, 'DE'))).code).toBe('UPSTREAM_ERROR');
    answer = () => new Response('<html>oops</html>', { status: 200 });
    expect((await failure(catalog.quoteCart(cart, 'DE'))).code).toBe('UPSTREAM_ERROR');
    answer = () => Response.json({ success: false, error: { code: 'INTERNAL', message: 'boom' } }, { status: 500 });
    expect((await failure(catalog.quoteCart(cart, 'DE'))).code).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('answers UPSTREAM_TIMEOUT when catalog does not answer in time and UPSTREAM_UNAVAILABLE when it cannot be reached', async () => {
    let release = () => {};
    answer = () => new Promise<Response>((r) => (release = () => r(Response.json({ success: true, data: quote }))));
    expect((await failure(catalog.quoteCart(cart, 'DE'))).code).toBe('UPSTREAM_TIMEOUT');
    release();
    const away = createHttpCatalog({ baseUrl: 'http://127.0.0.1:1', timeoutMs: 300, logger });
    expect((await failure(away.quoteCart(cart, 'DE'))).code).toBe('UPSTREAM_UNAVAILABLE');
  });
});
