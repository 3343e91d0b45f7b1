import type { ContactLookupQuery, MailContact } from '@tm/contracts';
import { DomainError } from '@tm/shared';
import type { CustomerRepository } from '../customers/customer-repository.ts';
import type { StaffRepository } from '../staff/staff-repository.ts';

/**
 * The email and name another service may mail a person at (bookings' receipts and a PM's
 * assignment mail), and a customer's verified mobile (growth matches leads by it for the export): by account id (a customer, else a staff account) or by the talent profile a
 * staff account is linked to. Nothing else of the account leaves auth. A deactivated staff
 * account, or a customer whose deletion is under way, has no contact (404 CONTACT_NOT_FOUND).
 */
export async function findMailContact(repos: { customers: CustomerRepository; staff: StaffRepository }, query: ContactLookupQuery): Promise<MailContact> {
  if ((query.userId === undefined) === (query.profileId === undefined)) throw new DomainError('VALIDATION_FAILED', 'Give exactly one of userId and profileId');
  if (query.userId !== undefined) {
    const customer = await repos.customers.findById(query.userId);
    if (customer) {
      if (customer.deletionPendingAt) throw notFound();
      return { ...contactOf(customer), ...(customer.mobile ? { mobile: customer.mobile } : {}) };
    }
  }
  const staff = query.userId !== undefined ? await repos.staff.findById(query.userId) : await repos.staff.findByProfileId(query.profileId as string);
  if (!staff || staff.deactivatedAt) throw notFound();
  return contactOf(staff);
}

function contactOf(account: { email?: string; name?: string }): MailContact {
  return { ...(account.email ? { email: account.email } : {}), ...(account.name ? { name: account.name } : {}) };
}

const notFound = () => new DomainError('CONTACT_NOT_FOUND', 'No account to mail by that id');
