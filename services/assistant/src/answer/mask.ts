/**
 * Email addresses and phone numbers in the person's text are replaced by placeholders
 * ("[email 1]", "[phone 1]") before the text goes to the model provider. The session keeps which
 * placeholder stands for what, so a tool the person asked for (a lead) still gets the real value
 * when the model passes the placeholder on; the provider never sees it.
 */
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** +49 151 1234 5678, (030) 1234-5678, 98765 43210: 8 to 15 digits with the usual separators, not a date. */
const PHONE = /(?<![\w+])(?:\+\d[\d\s().-]{6,18}\d|\(?\d[\d\s().-]{7,18}\d)(?![\w])/g;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Placeholder -> the value it stands for, per session. */
export type MaskVault = Record<string, string>;

function digitCount(s: string): number {
  return s.replace(/\D/g, '').length;
}

/** The text with emails and phone numbers replaced; `vault` gains any new placeholders (same value, same placeholder). */
export function maskPersonalData(text: string, vault: MaskVault): string {
  const placeholderOf = (kind: 'email' | 'phone', value: string) => {
    const known = Object.entries(vault).find(([, v]) => v === value)?.[0];
    if (known) return known;
    const n = Object.keys(vault).filter((k) => k.startsWith(`[${kind} `)).length + 1;
    const placeholder = `[${kind} ${n}]`;
    vault[placeholder] = value;
    return placeholder;
  };
  return text
    .replace(EMAIL, (email) => placeholderOf('email', email))
    .replace(PHONE, (phone) => {
      const digits = digitCount(phone);
      if (digits < 8 || digits > 15 || ISO_DATE.test(phone.trim())) return phone;
      return placeholderOf('phone', phone.trim());
    });
}

/** A tool argument value with placeholders put back (strings inside arrays and objects too). */
export function unmaskValue(value: unknown, vault: MaskVault): unknown {
  if (typeof value === 'string') return value.replace(/\[(?:email|phone) \d+\]/g, (p) => vault[p] ?? p);
  if (Array.isArray(value)) return value.map((v) => unmaskValue(v, vault));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unmaskValue(v, vault)]));
  return value;
}
