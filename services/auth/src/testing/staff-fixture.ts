import type { Role } from '@tm/contracts';
import { newId } from '@tm/shared';
import type { AuthDeps } from '../deps.ts';
import { createStaffRepository } from '../staff/staff-repository.ts';

/** Creates a staff account straight through the repository (the only seeding path outside bootstrap). */
export async function createStaff(deps: AuthDeps, account: { email?: string; mobile?: string; role?: Role; password?: string } = {}) {
  const now = new Date(deps.clock.now());
  const doc = {
    _id: newId(),
    email: account.email ?? `${crypto.randomUUID()}@staff.example.test`,
    ...(account.mobile ? { mobile: account.mobile } : {}),
    role: account.role ?? 'pm',
    passwordHash: await deps.passwords.hash(account.password ?? 'correct horse battery'),
    createdAt: now,
    updatedAt: now,
  };
  await createStaffRepository(deps.documents).insert(doc);
  return { ...doc, password: account.password ?? 'correct horse battery' };
}
