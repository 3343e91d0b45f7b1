import { describe, expect, it } from 'bun:test';
import type { BookingFacts } from '@tm/contracts';
import type { DomainError } from '@tm/shared';
import { averageOf, bayesianOf, canEdit, canSee, checkEligibility, displayNameOf, sideOf } from './rules.ts';

const DAY = 86_400_000;
const completedAt = Date.parse('2026-05-01T10:00:00.000Z');
const facts = (over: Partial<BookingFacts> = {}): BookingFacts => ({
  id: 'b1',
  number: 'TM-1',
  status: 'completed',
  market: 'DE',
  customerId: 'cust-1',
  pm: { id: 'pm-profile-1', slug: 'ada', name: 'Ada' },
  serviceIds: ['s1', 's2'],
  completedAt: new Date(completedAt).toISOString(),
  updatedAt: new Date(completedAt).toISOString(),
  ...over,
});
const customer = { sub: 'cust-1', role: 'customer' };
const pm = { sub: 'pm-acct-1', role: 'pm', pid: 'pm-profile-1' };
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return 'none';
  } catch (e) {
    return (e as DomainError).code;
  }
};

describe('eligibility', () => {
  it('lets the customer review the PM and every service of a completed booking', () => {
    const e = checkEligibility(facts(), customer, completedAt + DAY);
    expect(e.authorRole).toBe('customer');
    expect(e.subjects).toEqual({ serviceIds: ['s1', 's2'], pmId: 'pm-profile-1', customerId: 'cust-1' });
    expect(e.publishAt).toBe(completedAt + 14 * DAY);
  });

  it('lets the assigned PM review the customer', () => {
    expect(checkEligibility(facts(), pm, completedAt).authorRole).toBe('pm');
  });

  it('answers 404 to anyone else: another customer, another PM, a PM whose account id happens to be the customer id, a resource', () => {
    expect(codeOf(() => checkEligibility(facts(), { sub: 'cust-2', role: 'customer' }, completedAt))).toBe('BOOKING_NOT_FOUND');
    expect(codeOf(() => checkEligibility(facts(), { sub: 'x', role: 'pm', pid: 'pm-profile-2' }, completedAt))).toBe('BOOKING_NOT_FOUND');
    expect(codeOf(() => checkEligibility(facts(), { sub: 'cust-1', role: 'pm', pid: 'other' }, completedAt))).toBe('BOOKING_NOT_FOUND');
    expect(codeOf(() => checkEligibility(facts(), { sub: 'r', role: 'resource', pid: 'pm-profile-1' }, completedAt))).toBe('BOOKING_NOT_FOUND');
    expect(codeOf(() => checkEligibility(facts({ pm: null }), pm, completedAt))).toBe('BOOKING_NOT_FOUND');
  });

  it('refuses a booking that is not completed with BOOKING_NOT_COMPLETED', () => {
    for (const status of ['pending_payment', 'paid', 'confirmed', 'in_progress', 'cancelled', 'expired'] as const) {
      expect(codeOf(() => checkEligibility(facts({ status, completedAt: null }), customer, completedAt))).toBe('BOOKING_NOT_COMPLETED');
    }
  });

  it('allows writing until the 14 days after completion are over, then REVIEW_WINDOW_CLOSED', () => {
    expect(checkEligibility(facts(), customer, completedAt + 14 * DAY - 1).authorRole).toBe('customer');
    expect(codeOf(() => checkEligibility(facts(), customer, completedAt + 14 * DAY))).toBe('REVIEW_WINDOW_CLOSED');
  });

  it('finds the side of a caller', () => {
    expect(sideOf(facts(), customer)).toBe('customer');
    expect(sideOf(facts(), pm)).toBe('pm');
    expect(sideOf(facts(), { sub: 'admin-1', role: 'admin' })).toBeUndefined();
  });
});

describe('edits and double-blind visibility', () => {
  it('allows edits only while pending', () => {
    expect(canEdit('pending')).toBe(true);
    expect(canEdit('published')).toBe(false);
    expect(canEdit('hidden')).toBe(false);
  });

  const subjects = { serviceIds: ['s1'], pmId: 'pm-profile-1', customerId: 'cust-1' };
  const byCustomer = { authorId: 'cust-1', authorRole: 'customer' as const, subjects };
  const byPm = { authorId: 'pm-acct-1', authorRole: 'pm' as const, subjects };

  it('hides a pending review from the other side and the public, never from its author or an admin', () => {
    const pending = { ...byCustomer, status: 'pending' as const };
    expect(canSee(pending, customer)).toBe(true);
    expect(canSee(pending, pm)).toBe(false);
    expect(canSee(pending, undefined)).toBe(false);
    expect(canSee(pending, { sub: 'a', role: 'admin' })).toBe(true);
  });

  it("shows a published customer review to anyone, and a PM's review of a customer only to that customer", () => {
    expect(canSee({ ...byCustomer, status: 'published' }, undefined)).toBe(true);
    expect(canSee({ ...byPm, status: 'published' }, customer)).toBe(true);
    expect(canSee({ ...byPm, status: 'published' }, undefined)).toBe(false);
    expect(canSee({ ...byPm, status: 'published' }, { sub: 'cust-2', role: 'customer' })).toBe(false);
  });

  it('hides a hidden review from everyone but its author and admins', () => {
    expect(canSee({ ...byCustomer, status: 'hidden' }, undefined)).toBe(false);
    expect(canSee({ ...byCustomer, status: 'hidden' }, pm)).toBe(false);
  });
});

describe('averages', () => {
  it('rounds the mean to one decimal and has none without reviews', () => {
    expect(averageOf(0, 0)).toBeNull();
    expect(averageOf(3, 14)).toBe(4.7);
    expect(averageOf(2, 9)).toBe(4.5);
  });

  it('pulls a few reviews towards the site-wide mean and many hardly at all', () => {
    const prior = { count: 100, sum: 400 }; // site-wide mean 4.0
    expect(bayesianOf(0, 0, prior)).toBe(4);
    expect(bayesianOf(1, 5, prior)).toBe(4.17); // (5*4 + 5) / 6
    expect(bayesianOf(50, 240, prior)).toBe(4.73); // (20 + 240) / 55
    expect(bayesianOf(50, 240, prior)).toBeGreaterThan(bayesianOf(1, 5, prior));
  });

  it('uses the default mean before any review is published', () => {
    expect(bayesianOf(0, 0, { count: 0, sum: 0 })).toBe(3.5);
  });
});

describe('author names', () => {
  it('shows first name and initial only', () => {
    expect(displayNameOf('Ada Lovelace')).toBe('Ada L.');
    expect(displayNameOf('  Grace  Brewster Hopper ')).toBe('Grace H.');
    expect(displayNameOf('Prince')).toBe('Prince');
    expect(displayNameOf('आशा शर्मा')).toBe('आशा श.');
    expect(displayNameOf(undefined)).toBe('Verified customer');
  });
});
