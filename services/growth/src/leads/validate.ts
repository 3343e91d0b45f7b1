import { type CreateLeadBody, CreateLeadBodySchema } from '@tm/contracts';
import { DomainError } from '@tm/shared';
import { firstProblem } from '../http/checked-body.ts';

/** A form sent sooner than this after it was opened was not typed by a person. */
export const MIN_FILL_MS = 3000;

/** A lead as stored: the email lower case, the phone in E.164, the form's opening time in ms. */
export interface LeadInput extends Omit<CreateLeadBody, 'phone' | 'formStartedAt' | 'website'> {
  phone?: string;
  formStartedAt: number;
  honeypot: boolean;
}

/** libphonenumber with its full metadata (real number ranges, not only lengths), loaded at the first lead rather than at start (about 50 ms). */
let phoneLibrary: Promise<typeof import('libphonenumber-js/max')> | undefined;
const phones = () => (phoneLibrary ??= import('libphonenumber-js/max'));

/**
 * The contract's rules (400 INVALID_LEAD naming the field), plus: the phone must be a valid
 * number for its country (libphonenumber's metadata, not just the E.164 pattern) and is stored
 * in E.164; formStartedAt must parse.
 */
export async function checkLead(body: unknown): Promise<LeadInput> {
  const problem = firstProblem(CreateLeadBodySchema, body);
  if (problem !== undefined) throw new DomainError('INVALID_LEAD', problem);
  const b = body as CreateLeadBody;
  const startedAt = typeof b.formStartedAt === 'number' ? b.formStartedAt : Date.parse(b.formStartedAt);
  if (!Number.isFinite(startedAt)) throw new DomainError('INVALID_LEAD', 'formStartedAt: an ISO date-time or epoch milliseconds');
  let phone: string | undefined;
  if (b.phone !== undefined && b.phone.trim() !== '') {
    const parsed = b.phone.trim().startsWith('+') ? (await phones()).parsePhoneNumberFromString(b.phone.trim()) : undefined;
    if (!parsed?.isValid()) throw new DomainError('INVALID_LEAD', 'phone: an international number with its country code, e.g. +4915112345678');
    phone = parsed.number;
  }
  const name = b.name.trim();
  if (name === '') throw new DomainError('INVALID_LEAD', 'name: 1 to 100 characters');
  const { website, formStartedAt: _started, phone: _phone, ...rest } = b;
  return {
    ...rest,
    name,
    email: b.email.trim().toLowerCase(),
    ...(phone ? { phone } : {}),
    formStartedAt: startedAt,
    honeypot: website !== undefined && website.trim() !== '',
  };
}

/** Why a lead is spam (a filled honeypot, or filled faster than a person can), or undefined. */
export function spamReason(lead: LeadInput, now: number): 'honeypot' | 'too_fast' | undefined {
  if (lead.honeypot) return 'honeypot';
  if (now - lead.formStartedAt < MIN_FILL_MS) return 'too_fast';
  return undefined;
}
