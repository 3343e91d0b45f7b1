import { describe, expect, it } from 'bun:test';
import {
  AccountErasureSchema,
  AccountExportPartSchema,
  AssignBookingBodySchema,
  BookingSchema,
  CancelBookingBodySchema,
  CreateBookingBodySchema,
  CreatePaymentBodySchema,
  GuestHandoverBodySchema,
  GuestHandoverResultSchema,
  PaymentSchema,
  VerifyPaymentBodySchema,
} from '@tm/contracts';
import { declaredSchemas, envelopeData, itemsOf } from '@tm/shared/testing';
import { createBookingsUnderTest } from './testing/bookings-under-test.ts';

const { app } = await createBookingsUnderTest();
const data = (method: string, path: string, status = 200) => envelopeData(declaredSchemas(app, method, path).response[status]);

describe('bookings answers with the contract', () => {
  it('declares the contract Booking for every booking answer', () => {
    expect(data('POST', '/bookings', 201)).toBe(BookingSchema);
    expect(itemsOf(data('GET', '/bookings'))).toBe(BookingSchema);
    expect(data('GET', '/bookings/:id')).toBe(BookingSchema);
    for (const action of ['cancel', 'assign', 'accept', 'start', 'complete']) expect(data('POST', `/bookings/:id/${action}`)).toBe(BookingSchema);
    expect(data('POST', '/bookings/claim')).toBe(GuestHandoverResultSchema);
  });

  it('declares the contract Payment for every payment answer', () => {
    expect(data('POST', '/payments', 201)).toBe(PaymentSchema);
    expect(data('POST', '/payments', 200)).toBe(PaymentSchema);
    expect(itemsOf(data('GET', '/payments'))).toBe(PaymentSchema);
    expect(data('GET', '/payments/:id')).toBe(PaymentSchema);
    expect(data('POST', '/payments/:id/verify')).toBe(PaymentSchema);
  });

  it('takes the contract body on every operation that reads one', () => {
    const bodies: [string, unknown][] = [
      ['/bookings', CreateBookingBodySchema],
      ['/bookings/claim', GuestHandoverBodySchema],
      ['/bookings/:id/assign', AssignBookingBodySchema],
      ['/payments', CreatePaymentBodySchema],
      ['/payments/:id/verify', VerifyPaymentBodySchema],
    ];
    for (const [path, body] of bodies) expect(declaredSchemas(app, 'POST', path).body).toBe(body);
    // cancel's body may be left out: t.Optional wraps (copies) the contract object, its fields are the contract's.
    const cancel = declaredSchemas(app, 'POST', '/bookings/:id/cancel').body as { properties?: unknown };
    expect(cancel.properties).toBe(CancelBookingBodySchema.properties);
  });

  it("answers auth's internal export and erase with the contract shapes", () => {
    expect(data('GET', '/internal/accounts/:userId/export')).toBe(AccountExportPartSchema);
    expect(data('POST', '/internal/accounts/:userId/erase')).toBe(AccountErasureSchema);
  });
});
