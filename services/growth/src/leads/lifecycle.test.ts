import { describe, expect, it } from 'bun:test';
import { LEAD_STATUSES } from '@tm/contracts';
import { mayMove, statesBefore } from './lifecycle.ts';

describe('the lead lifecycle', () => {
  it('moves new → contacted → qualified → won or lost', () => {
    expect([mayMove('new', 'contacted'), mayMove('contacted', 'qualified'), mayMove('qualified', 'won'), mayMove('qualified', 'lost')]).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('marks any other state spam, and nothing leaves spam', () => {
    for (const from of LEAD_STATUSES) expect(mayMove(from, 'spam')).toBe(from !== 'spam');
    for (const to of LEAD_STATUSES) expect(mayMove('spam', to)).toBe(false);
  });

  it('refuses skips, moves back and staying put', () => {
    for (const [from, to] of [
      ['new', 'qualified'],
      ['new', 'won'],
      ['contacted', 'new'],
      ['won', 'lost'],
      ['lost', 'qualified'],
      ['new', 'new'],
    ] as const)
      expect({ from, to, ok: mayMove(from, to) }).toEqual({ from, to, ok: false });
    expect(statesBefore('won')).toEqual(['qualified']);
    expect(statesBefore('spam').sort()).toEqual(['contacted', 'lost', 'new', 'qualified', 'won']);
  });
});
