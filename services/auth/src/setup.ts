import { type Logger, newId } from '@tm/shared';
import { isDuplicateKeyError } from '@tm/shared/store';
import { createDeletionRepository } from './account/deletion-repository.ts';
import { createEmailChangeRepository } from './account/email-change-repository.ts';
import { createCustomerRepository } from './customers/customer-repository.ts';
import type { AuthDeps } from './deps.ts';
import { createSessionRepository } from './sessions/session-repository.ts';
import { createResetTokenRepository } from './staff/reset-token-repository.ts';
import { createStaffRepository } from './staff/staff-repository.ts';

/** Creates every index auth relies on (unique emails and mobiles, TTLs); run before serving. */
export async function ensureIndexes(deps: Pick<AuthDeps, 'documents'>): Promise<void> {
  const db = deps.documents;
  await createSessionRepository(db).ensureIndexes();
  await createCustomerRepository(db).ensureIndexes();
  await createStaffRepository(db).ensureIndexes();
  await createResetTokenRepository(db).ensureIndexes();
  await createEmailChangeRepository(db).ensureIndexes();
  await createDeletionRepository(db).ensureIndexes();
}

/**
 * First-run admin from BOOTSTRAP_ADMIN_*: created once when no account has that email, never
 * updated afterwards (changing the variable later does not reset a password).
 */
export async function bootstrapAdmin(
  deps: Pick<AuthDeps, 'documents' | 'passwords' | 'clock'> & { logger: Logger },
  admin: { email: string; password: string; mobile?: string },
): Promise<'created' | 'exists'> {
  const staff = createStaffRepository(deps.documents);
  if (await staff.findByEmail(admin.email)) return 'exists';
  const now = new Date(deps.clock.now());
  const insert = staff.insert({
    _id: newId(),
    email: admin.email.toLowerCase(),
    ...(admin.mobile ? { mobile: admin.mobile } : {}),
    role: 'admin',
    passwordHash: await deps.passwords.hash(admin.password),
    createdAt: now,
    updatedAt: now,
  });
  try {
    await insert;
  } catch (err) {
    // Two replicas starting together both found no admin; the unique email index lets one
    // insert, and for the other the admin simply exists (it must not exit on E11000).
    if (isDuplicateKeyError(err)) return 'exists';
    throw err;
  }
  deps.logger.info('bootstrap admin created', { email: admin.email.toLowerCase() });
  return 'created';
}
