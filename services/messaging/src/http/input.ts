import {
  DEFAULT_CHAT_PAGE_LIMIT,
  MAX_CHAT_CLIENT_MESSAGE_ID_LENGTH,
  MAX_CHAT_MESSAGE_LENGTH,
  MAX_CHAT_PAGE_LIMIT,
  type MessagingErrorCode,
} from '@tm/contracts';
import { DomainError } from '@tm/shared';

/**
 * Every input of the chat checked by hand in the routes' transform hooks, before Elysia's own
 * validation, so each misfit answers 400 with the operation's stable code (INVALID_MESSAGE,
 * INVALID_CLIENT_MESSAGE_ID, INVALID_SEQ, INVALID_LIMIT, INVALID_PAGE, INVALID_BODY, INVALID_ID)
 * and the problem named, never a generic code and never a 500.
 */
const bad = (code: MessagingErrorCode, message: string) => new DomainError(code, message);

const ID = /^[A-Za-z0-9._~:@-]{1,100}$/;
const CLIENT_MESSAGE_ID = new RegExp(`^[\\x21-\\x7e]{1,${MAX_CHAT_CLIENT_MESSAGE_ID_LENGTH}}$`);
const WHOLE = /^(0|[1-9][0-9]{0,15})$/;

function objectOf(body: unknown, code: MessagingErrorCode, fields: readonly string[]): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw bad(code, 'The body must be a JSON object');
  const extra = Object.keys(body).filter((k) => !fields.includes(k));
  if (extra.length > 0) throw bad(code, `Unknown field: ${extra[0]}`);
  return body as Record<string, unknown>;
}

/** A path id (booking or message): 1-100 characters of letters, digits and `._~:@-`. */
export function checkId(value: unknown, what: string): string {
  if (typeof value !== 'string' || !ID.test(value)) throw bad('INVALID_ID', `${what} is not a valid id`);
  return value;
}

/** A message text: a string of 1-4000 characters once trimmed; the trimmed text. */
export function checkText(value: unknown): string {
  if (typeof value !== 'string') throw bad('INVALID_MESSAGE', 'body: must be a string');
  const text = value.trim();
  if (text.length < 1 || text.length > MAX_CHAT_MESSAGE_LENGTH)
    throw bad('INVALID_MESSAGE', `body: must be 1-${MAX_CHAT_MESSAGE_LENGTH} characters after trimming`);
  return text;
}

export function checkSendBody(body: unknown): { body: string; clientMessageId: string } {
  const o = objectOf(body, 'INVALID_MESSAGE', ['body', 'clientMessageId']);
  const text = checkText(o.body);
  if (typeof o.clientMessageId !== 'string' || !CLIENT_MESSAGE_ID.test(o.clientMessageId))
    throw bad('INVALID_CLIENT_MESSAGE_ID', `clientMessageId: must be 1-${MAX_CHAT_CLIENT_MESSAGE_ID_LENGTH} visible ASCII characters`);
  return { body: text, clientMessageId: o.clientMessageId };
}

export function checkEditBody(body: unknown): { body: string } {
  return { body: checkText(objectOf(body, 'INVALID_MESSAGE', ['body']).body) };
}

export function checkReadBody(body: unknown): { seq: number } {
  const o = objectOf(body, 'INVALID_SEQ', ['seq']);
  if (typeof o.seq !== 'number' || !Number.isSafeInteger(o.seq) || o.seq < 0) throw bad('INVALID_SEQ', 'seq: must be a whole number from 0');
  return { seq: o.seq };
}

export function checkTicketBody(body: unknown): { bookingId: string } {
  const o = objectOf(body, 'INVALID_BODY', ['bookingId']);
  if (typeof o.bookingId !== 'string' || !ID.test(o.bookingId)) throw bad('INVALID_BODY', 'bookingId: must be a booking id');
  return { bookingId: o.bookingId };
}

/** A seq from a query or header: a whole number from 0 (INVALID_SEQ otherwise); undefined when absent. */
export function seqParam(raw: unknown, name: string): number | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0) return raw;
  if (typeof raw !== 'string' || !WHOLE.test(raw)) throw bad('INVALID_SEQ', `${name}: must be a whole number from 0`);
  return Number(raw);
}

function intParam(raw: unknown, fallback: number, min: number, max: number, code: MessagingErrorCode, name: string): number {
  if (raw === undefined) return fallback;
  const s = typeof raw === 'number' ? String(raw) : raw;
  if (typeof s !== 'string' || !WHOLE.test(s)) throw bad(code, `${name}: must be a whole number from ${min}${Number.isFinite(max) ? ` to ${max}` : ''}`);
  const n = Number(s);
  if (n < min || n > max) throw bad(code, `${name}: must be a whole number from ${min}${Number.isFinite(max) ? ` to ${max}` : ''}`);
  return n;
}

export function limitParam(raw: unknown): number {
  return intParam(raw, DEFAULT_CHAT_PAGE_LIMIT, 1, MAX_CHAT_PAGE_LIMIT, 'INVALID_LIMIT', 'limit');
}

export function pageParam(raw: unknown): number {
  return intParam(raw, 1, 1, 1_000_000, 'INVALID_PAGE', 'page');
}

/** Query parameters must each come once: `?limit=1&limit=2` is refused rather than guessed. */
export function single(query: Record<string, unknown>, name: string, code: MessagingErrorCode): unknown {
  const v = query[name];
  if (Array.isArray(v)) throw bad(code, `${name}: give it once`);
  return v;
}
