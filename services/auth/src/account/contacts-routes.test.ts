import { describe, expect, it } from 'bun:test';
import { newId } from '@tm/shared';
import { createCustomerRepository } from '../customers/customer-repository.ts';
import { createStaffRepository } from '../staff/staff-repository.ts';
import { createAuthUnderTest } from '../testing/auth-under-test.ts';

/** Auth with a customer (email and name), a customer known only by mobile, and a PM linked to a profile. */
async function withAccounts() {
  const t = await createAuthUnderTest();
  const now = new Date(t.clock.now());
  const customers = createCustomerRepository(t.deps.documents);
  const customer = await customers.findOrCreateByMobile('+919876543210', now);
  await customers.update(customer._id, { email: 'cara@example.test', name: 'Cara' }, now);
  const mobileOnly = await customers.findOrCreateByMobile('+919876543211', now);
  const staff = createStaffRepository(t.deps.documents);
  const pm = {
    _id: newId(),
    email: 'ada.pm@example.test',
    name: 'Ada',
    role: 'pm' as const,
    profileId: 'pm-profile-1',
    passwordHash: '',
    createdAt: now,
    updatedAt: now,
  };
  await staff.insert(pm);
  const get = (query: string) => t.call('GET', `/internal/contacts?${query}`);
  return { ...t, customer, mobileOnly, pm, staff, get };
}

describe('contact lookups for mail (GET /internal/contacts)', () => {
  it("answers a customer's email, name and verified mobile by user id, and nothing else of the account", async () => {
    const { get, customer } = await withAccounts();
    const res = await get(`userId=${customer._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { email: 'cara@example.test', name: 'Cara', mobile: '+919876543210' } });
  });

  it('answers only the verified mobile for a customer known only by mobile (growth matches leads by it)', async () => {
    const { get, mobileOnly } = await withAccounts();
    expect((await get(`userId=${mobileOnly._id}`)).body.data).toEqual({ mobile: '+919876543211' });
  });

  it("finds a PM's staff email by the talent profile they are linked to, or by their account id", async () => {
    const { get, pm } = await withAccounts();
    expect((await get('profileId=pm-profile-1')).body.data).toEqual({ email: 'ada.pm@example.test', name: 'Ada' });
    expect((await get(`userId=${pm._id}`)).body.data).toEqual({ email: 'ada.pm@example.test', name: 'Ada' });
  });

  it('answers 404 CONTACT_NOT_FOUND for an unknown id or profile and for a deactivated staff account', async () => {
    const { get, pm, staff, clock } = await withAccounts();
    expect((await get('userId=nobody')).body.error?.code).toBe('CONTACT_NOT_FOUND');
    expect((await get('profileId=pm-profile-2')).body.error?.code).toBe('CONTACT_NOT_FOUND');
    await staff.deactivate(pm._id, new Date(clock.now()));
    const gone = await get('profileId=pm-profile-1');
    expect([gone.status, gone.body.error?.code]).toEqual([404, 'CONTACT_NOT_FOUND']);
  });

  it('answers 400 VALIDATION_FAILED unless exactly one of userId and profileId is given', async () => {
    const { get, customer } = await withAccounts();
    for (const query of ['', `userId=${customer._id}&profileId=pm-profile-1`, 'userId=', 'email=cara@example.test', `userId=${'x'.repeat(101)}`]) {
      const res = await get(query);
      expect([query, res.status, res.body.error?.code]).toEqual([query, 400, 'VALIDATION_FAILED']);
    }
  });
});
