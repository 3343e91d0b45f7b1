import { beforeEach, describe, expect, it } from 'bun:test';
import type { Role } from '@tm/contracts';
import { type BookingsUnderTest, createBookingsUnderTest, eventually, PM_ANA, PM_BEN } from '../testing/bookings-under-test.ts';

let t: BookingsUnderTest;
beforeEach(async () => {
  t = await createBookingsUnderTest();
});

const cart = { items: [{ serviceId: 'react-developer', hours: 10 }] };

async function setup(until: 'pending_payment' | 'paid' | 'assigned' | 'confirmed' | 'in_progress') {
  const customer = await t.tokenFor('customer');
  const admin = await t.tokenFor('admin');
  const ana = await t.tokenFor('pm', { pid: PM_ANA.id });
  const booking = (await t.call('POST', '/bookings', { token: customer.token, body: { ...cart, contact: { email: 'c@example.test' } } })).body.data;
  const ctx = { customer, admin, ana, booking, paymentId: '' };
  if (until === 'pending_payment') return ctx;
  const pay = await t.call('POST', '/payments', { token: customer.token, body: { bookingId: booking.id } });
  ctx.paymentId = pay.body.data.id;
  await t.call('POST', `/payments/${ctx.paymentId}/dev/succeed`, { token: customer.token });
  if (until === 'paid') return ctx;
  expect((await t.call('POST', `/bookings/${booking.id}/assign`, { token: admin.token, body: { pmId: PM_ANA.id } })).status).toBe(200);
  if (until === 'assigned') return ctx;
  expect((await t.call('POST', `/bookings/${booking.id}/accept`, { token: ana.token })).status).toBe(200);
  if (until === 'confirmed') return ctx;
  expect((await t.call('POST', `/bookings/${booking.id}/start`, { token: ana.token })).status).toBe(200);
  return ctx;
}

type Who = 'owner' | 'otherCustomer' | 'guest' | 'admin' | 'assignedPm' | 'otherPm' | 'resource';
async function tokenOf(who: Who, ctx: Awaited<ReturnType<typeof setup>>): Promise<string> {
  const roles: Record<Who, [Role, { pid?: string; sub?: string }]> = {
    owner: ['customer', { sub: ctx.customer.sub }],
    otherCustomer: ['customer', {}],
    guest: ['guest', {}],
    admin: ['admin', {}],
    assignedPm: ['pm', { pid: PM_ANA.id }],
    otherPm: ['pm', { pid: PM_BEN.id }],
    resource: ['resource', { pid: 'd'.repeat(24) }],
  };
  const [role, extra] = roles[who];
  return (await t.tokenFor(role, extra)).token;
}

describe('the lifecycle from paid to completed', () => {
  it('walks paid -> assigned -> confirmed -> in_progress -> completed, recording who did each step', async () => {
    const ctx = await setup('in_progress');
    const done = await t.call('POST', `/bookings/${ctx.booking.id}/complete`, { token: ctx.customer.token });
    expect(done.status).toBe(200);
    const b = done.body.data;
    expect(b.status).toBe('completed');
    expect(b.pm).toEqual({ id: PM_ANA.id, slug: PM_ANA.slug, name: PM_ANA.name });
    expect(b.history.map((h: { action: string; status: string; by: { role: string } }) => `${h.action}:${h.status}:${h.by.role}`)).toEqual([
      'create:pending_payment:customer',
      'pay:paid:system',
      'assign:paid:admin',
      'accept:confirmed:pm',
      'start:in_progress:pm',
      'complete:completed:customer',
    ]);
    expect(b.version).toBe(6);
  });

  it('re-assigns until the PM accepts, and refuses an unknown PM with 400 INVALID_PM', async () => {
    const ctx = await setup('assigned');
    const again = await t.call('POST', `/bookings/${ctx.booking.id}/assign`, { token: ctx.admin.token, body: { pmId: PM_BEN.slug } });
    expect(again.body.data.pm.id).toBe(PM_BEN.id);
    const unknown = await t.call('POST', `/bookings/${ctx.booking.id}/assign`, { token: ctx.admin.token, body: { pmId: 'nobody' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('INVALID_PM');
    const ben = await t.tokenFor('pm', { pid: PM_BEN.id });
    await t.call('POST', `/bookings/${ctx.booking.id}/accept`, { token: ben.token });
    const late = await t.call('POST', `/bookings/${ctx.booking.id}/assign`, { token: ctx.admin.token, body: { pmId: PM_ANA.id } });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('INVALID_TRANSITION');
  });

  it('mails the PM on assignment and the customer on confirmation, after the change is stored', async () => {
    await setup('confirmed');
    await eventually(() => t.mailer.sent.some((m) => m.to === 'ana@example.test' && m.subject.startsWith('New assignment')));
    await eventually(() => t.mailer.sent.some((m) => m.to === 'c@example.test' && m.subject.startsWith('Booking confirmed')));
    expect(t.mailer.sent.some((m) => m.subject.startsWith('Payment received'))).toBe(true);
  });

  it('retries a mail that failed', async () => {
    t.mailer.failNext = 2;
    await setup('paid');
    await eventually(() => t.mailer.sent.some((m) => m.subject.startsWith('Payment received')));
  });
});

// Who may take each action from the status where it is allowed: 200, 403 (sees it, may not), 404 (may not see it).
const MATRIX: [action: string, from: Parameters<typeof setup>[0], body: unknown, expected: Partial<Record<Who, number>>][] = [
  ['assign', 'paid', { pmId: PM_ANA.id }, { admin: 200, owner: 403, otherCustomer: 404, guest: 404, assignedPm: 404, otherPm: 404, resource: 404 }],
  ['accept', 'assigned', undefined, { assignedPm: 200, owner: 403, admin: 403, otherPm: 404, otherCustomer: 404, guest: 404, resource: 404 }],
  ['start', 'confirmed', undefined, { assignedPm: 200, owner: 403, admin: 403, otherPm: 404, otherCustomer: 404, guest: 404, resource: 404 }],
  ['complete', 'in_progress', undefined, { owner: 200, admin: 200, assignedPm: 403, otherPm: 404, otherCustomer: 404, guest: 404, resource: 404 }],
  ['cancel', 'confirmed', {}, { owner: 200, admin: 200, assignedPm: 403, otherPm: 404, otherCustomer: 404, guest: 404, resource: 404 }],
  ['cancel', 'in_progress', {}, { admin: 200, owner: 409, assignedPm: 403, otherCustomer: 404 }],
];

describe('roles on every transition', () => {
  for (const [action, from, body, expected] of MATRIX) {
    for (const [who, status] of Object.entries(expected) as [Who, number][]) {
      it(`${action} from ${from} by ${who} answers ${status}`, async () => {
        const ctx = await setup(from);
        const res = await t.call('POST', `/bookings/${ctx.booking.id}/${action}`, { token: await tokenOf(who, ctx), body });
        expect(res.status).toBe(status);
        if (status !== 200) expect(res.body.error.code).toBe(status === 403 ? 'FORBIDDEN' : status === 404 ? 'BOOKING_NOT_FOUND' : 'INVALID_TRANSITION');
      });
    }
  }

  it('answers 409 INVALID_TRANSITION from a status the action does not start from', async () => {
    const ctx = await setup('pending_payment');
    for (const [action, token, body] of [
      ['assign', ctx.admin.token, { pmId: PM_ANA.id }],
      ['complete', ctx.customer.token, undefined],
    ] as const) {
      const res = await t.call('POST', `/bookings/${ctx.booking.id}/${action}`, { token, body });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('INVALID_TRANSITION');
    }
    await t.call('POST', `/bookings/${ctx.booking.id}/cancel`, { token: ctx.customer.token });
    const twice = await t.call('POST', `/bookings/${ctx.booking.id}/cancel`, { token: ctx.admin.token });
    expect(twice.status).toBe(409);
  });

  it('answers 400 for a bad id, a bad body and an unknown field', async () => {
    const ctx = await setup('paid');
    expect((await t.call('POST', '/bookings/xyz/cancel', { token: ctx.customer.token })).body.error.code).toBe('INVALID_ID');
    expect((await t.call('POST', `/bookings/${ctx.booking.id}/assign`, { token: ctx.admin.token, body: {} })).status).toBe(400);
    expect((await t.call('POST', `/bookings/${ctx.booking.id}/assign`, { token: ctx.admin.token, body: { pmId: 'a', x: 1 } })).body.error.code).toBe(
      'UNKNOWN_FIELD',
    );
    expect((await t.call('POST', `/bookings/${ctx.booking.id}/cancel`, { token: ctx.customer.token, body: { reason: 'x'.repeat(501) } })).status).toBe(400);
  });

  it('refuses a cancel whose body is there but not an object (42, null, true, a list, text), leaving the booking as it was', async () => {
    const ctx = await setup('paid');
    for (const [raw, type] of [
      ['42', 'application/json'],
      ['null', 'application/json'],
      ['true', 'application/json'],
      ['[]', 'application/json'],
      ['"please"', 'application/json'],
      ['please cancel', 'text/plain'],
    ] as const) {
      const res = await t.call('POST', `/bookings/${ctx.booking.id}/cancel`, { token: ctx.customer.token, raw, headers: { 'content-type': type } });
      expect({ raw, status: res.status, code: res.body.error?.code }).toEqual({ raw, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect((await t.parts.bookings.findById(ctx.booking.id))?.status).toBe('paid');
    // Without a body, or with an empty one, a cancel still goes through.
    expect(
      (await t.call('POST', `/bookings/${ctx.booking.id}/cancel`, { token: ctx.customer.token, raw: '', headers: { 'content-type': 'application/json' } }))
        .status,
    ).toBe(200);
  });
});

describe('concurrent transitions', () => {
  it('lets exactly one of two racing transitions win (cancel vs complete)', async () => {
    const ctx = await setup('in_progress');
    const [a, b] = await Promise.all([
      t.call('POST', `/bookings/${ctx.booking.id}/cancel`, { token: ctx.admin.token }),
      t.call('POST', `/bookings/${ctx.booking.id}/complete`, { token: ctx.customer.token }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const final = (await t.call('GET', `/bookings/${ctx.booking.id}`, { token: ctx.admin.token })).body.data;
    expect(final.history.length).toBe(6);
  });

  it('lets exactly one of ten racing accepts win', async () => {
    const ctx = await setup('assigned');
    const all = await Promise.all(Array.from({ length: 10 }, () => t.call('POST', `/bookings/${ctx.booking.id}/accept`, { token: ctx.ana.token })));
    expect(all.filter((r) => r.status === 200).length).toBe(1);
    expect(all.filter((r) => r.status === 409).length).toBe(9);
  });
});
