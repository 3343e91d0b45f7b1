import { describe, expect, it } from 'bun:test';
import { type MaskVault, maskPersonalData, unmaskValue } from './mask.ts';

describe('masking personal data', () => {
  it('replaces emails and phone numbers of the five markets with placeholders', () => {
    const vault: MaskVault = {};
    const text = 'Mail anna.schmidt@firma.de or call +49 151 12345678, +91 98765 43210, +971 50 123 4567, (02) 9374 4000 or +1 (415) 555-0132.';
    expect(maskPersonalData(text, vault)).toBe('Mail [email 1] or call [phone 1], [phone 2], [phone 3], [phone 4] or [phone 5].');
    expect(vault['[email 1]']).toBe('anna.schmidt@firma.de');
    expect(vault['[phone 2]']).toBe('+91 98765 43210');
  });

  it('keeps the same placeholder for the same value across messages', () => {
    const vault: MaskVault = {};
    maskPersonalData('I am a@b.co', vault);
    expect(maskPersonalData('again: a@b.co and c@d.org', vault)).toBe('again: [email 1] and [email 2]');
  });

  it('leaves prices, hours, dates and short numbers alone', () => {
    const text = 'Two developers, 480 hours from 2026-12-01, about €5,000 or ₹1,23,456, PIN 560001.';
    expect(maskPersonalData(text, {})).toBe(text);
  });

  it('puts the real values back into tool arguments', () => {
    const vault: MaskVault = { '[email 1]': 'a@b.co', '[phone 1]': '+4915112345678' };
    expect(unmaskValue({ email: '[email 1]', phone: '[phone 1]', notes: ['call [phone 1]'], n: 2 }, vault)).toEqual({
      email: 'a@b.co',
      phone: '+4915112345678',
      notes: ['call +4915112345678'],
      n: 2,
    });
  });
});
