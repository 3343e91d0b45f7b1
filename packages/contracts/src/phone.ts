/**
 * An E.164 number: a plus sign, a country code that does not start with 0, at most 15 digits in
 * all and at least 8 (the shortest national numbers our markets issue). The one pattern every
 * check of a mobile number uses: OTP sends, staff login identifiers, bootstrap config.
 */
export const E164_PATTERN = '^\\+[1-9]\\d{7,14}$';
const E164 = new RegExp(E164_PATTERN);

/** True when `value` is an E.164 number. */
export function isE164(value: string): boolean {
  return E164.test(value);
}

/** An E.164 country calling code (`+91`, `+971`): a plus and 1-4 digits, no leading 0. */
export const COUNTRY_CALLING_CODE_PATTERN = '^\\+[1-9]\\d{0,3}$';
