import { describe, expect, it } from 'bun:test';
import type { DomainError } from '@tm/shared';
import { checkPasswordPolicy, createArgon2idHasher } from './passwords.ts';

const verdict = (pw: string) => {
  try {
    checkPasswordPolicy(pw);
    return 'ok';
  } catch (err) {
    return (err as DomainError).code;
  }
};

describe('password policy', () => {
  it('accepts 10 to 128 characters of anything', () => {
    expect(verdict('correct horse')).toBe('ok');
    expect(verdict('ünïcödé-pässwörd')).toBe('ok');
    expect(verdict(`${'x'.repeat(127)}y`)).toBe('ok');
  });

  it('refuses too short, too long, common and one-character passwords as WEAK_PASSWORD', () => {
    expect(verdict('short')).toBe('WEAK_PASSWORD');
    expect(verdict('ab'.repeat(65))).toBe('WEAK_PASSWORD');
    expect(verdict('Password123')).toBe('WEAK_PASSWORD');
    expect(verdict('aaaaaaaaaaaa')).toBe('WEAK_PASSWORD');
  });

  it('counts characters, not bytes', () => {
    expect(verdict('🔑🗝'.repeat(5))).toBe('ok');
    expect(verdict(`${'🔑🗝'.repeat(4)}🔑`)).toBe('WEAK_PASSWORD');
  });
});

describe('argon2id hasher', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hasher = createArgon2idHasher({ memoryCost: 1024, timeCost: 1 });
    const hash = await hasher.hash('correct horse battery');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await hasher.verify('correct horse battery', hash)).toBe(true);
    expect(await hasher.verify('wrong horse battery', hash)).toBe(false);
    expect(await hasher.verify('x', 'not-a-hash')).toBe(false);
  });
});
