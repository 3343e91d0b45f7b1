import { DomainError } from '@tm/shared';

/** Hashes and checks staff passwords; tests may pass cheaper argon2id parameters. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}

/** argon2id via Bun.password (defaults: 64 MiB, t=2), the algorithm DESIGN.md requires. */
export function createArgon2idHasher(cost: { memoryCost?: number; timeCost?: number } = {}): PasswordHasher {
  return {
    hash: (password) => Bun.password.hash(password, { algorithm: 'argon2id', ...cost }),
    verify: async (password, hash) => {
      try {
        return await Bun.password.verify(password, hash);
      } catch {
        return false;
      }
    },
  };
}

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

// A few of the most breached passwords that pass the length rule (ASVS 2.1.7 asks for a check).
const COMMON = new Set([
  '1234567890',
  '0123456789',
  'qwertyuiop',
  'password12',
  'password123',
  'password1234',
  'iloveyou12',
  '1q2w3e4r5t',
  'qwerty1234',
  'abcdefghij',
  'administrator',
  'letmein123',
  'welcome123',
  'changeme123',
]);

/**
 * ASVS 2.1: 10-128 characters (counted as code points), any characters, no composition rules,
 * not a well-known breached password, not one repeated character.
 */
export function checkPasswordPolicy(password: string): void {
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) {
    throw new DomainError('WEAK_PASSWORD', `The password must be ${PASSWORD_MIN}-${PASSWORD_MAX} characters long`);
  }
  if (COMMON.has(password.toLowerCase()) || new Set(password).size === 1) {
    throw new DomainError('WEAK_PASSWORD', 'The password is too easy to guess; choose another');
  }
}
