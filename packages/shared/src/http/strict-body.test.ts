import { describe, expect, it } from 'bun:test';
import { t } from 'elysia';
import { rejectUnknownFields, strictBody } from './strict-body.ts';

const Schema = t.Object({
  name: t.String(),
  contact: t.Optional(t.Object({ email: t.Optional(t.String()), phone: t.Optional(t.String()) })),
  messages: t.Optional(t.Record(t.String(), t.String())),
  items: t.Optional(t.Array(t.Object({ id: t.String() }))),
  note: t.Optional(t.Union([t.Object({ text: t.String() }), t.Null()])),
});

/** The code a body is refused with, or 'ok'. */
function verdict(body: unknown): string {
  try {
    rejectUnknownFields(body, Schema);
    return 'ok';
  } catch (err) {
    return (err as { code: string }).code;
  }
}

describe('rejectUnknownFields', () => {
  it('lets a body through that only names known fields, nested and in lists, or no body at all', () => {
    expect(verdict({ name: 'a', contact: { email: 'x@y.z' }, messages: { 'nav.home': 'Home' }, items: [{ id: '1' }] })).toBe('ok');
    expect(verdict(undefined)).toBe('ok');
    expect(verdict('')).toBe('ok');
  });

  it('refuses a field the schema does not name, at any depth, as UNKNOWN_FIELD', () => {
    expect(verdict({ name: 'a', total: 1 })).toBe('UNKNOWN_FIELD');
    expect(verdict({ name: 'a', contact: { fax: '1' } })).toBe('UNKNOWN_FIELD');
    expect(verdict({ name: 'a', items: [{ id: '1' }, { id: '2', price: 0 }] })).toBe('UNKNOWN_FIELD');
  });

  it('refuses anything but an object where an object or record is declared, the body itself included, as VALIDATION_FAILED', () => {
    for (const wrong of ['text', 12, true, null, ['a']]) {
      expect({ wrong, at: 'contact', verdict: verdict({ name: 'a', contact: wrong }) }).toEqual({ wrong, at: 'contact', verdict: 'VALIDATION_FAILED' });
      expect({ wrong, at: 'messages', verdict: verdict({ name: 'a', messages: wrong }) }).toEqual({ wrong, at: 'messages', verdict: 'VALIDATION_FAILED' });
      expect({ wrong, at: 'body', verdict: verdict(wrong) }).toEqual({ wrong, at: 'body', verdict: 'VALIDATION_FAILED' });
    }
  });

  it('leaves a union (a nullable object) to the schema validation', () => {
    expect(verdict({ name: 'a', note: null })).toBe('ok');
  });

  it('runs as a route transform with strictBody', () => {
    expect(() => strictBody(Schema)({ body: { name: 'a', extra: 1 } })).toThrow('body.extra is not a known field');
  });
});
