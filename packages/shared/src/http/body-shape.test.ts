import { describe, expect, it } from 'bun:test';
import { bodyShapeProblem } from './body-shape.ts';

describe('bodyShapeProblem', () => {
  it('accepts the flat string bodies auth takes', () => {
    expect(bodyShapeProblem({ mobile: '+4915112345678', otp: '123456' })).toBeUndefined();
    expect(bodyShapeProblem({ a: [1, { b: 'x' }] })).toBeUndefined();
  });

  it('refuses nesting past the limit, measured without recursion', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(bodyShapeProblem(deep)).toBe('The request body nests deeper than 32 levels');
    expect(bodyShapeProblem([[[]]], 2)).toBe('The request body nests deeper than 2 levels');
    expect(bodyShapeProblem([[]], 2)).toBeUndefined();
  });

  it('refuses field names of Object.prototype members at any depth', () => {
    for (const key of ['toString', 'valueOf', '__proto__', 'constructor', 'hasOwnProperty']) {
      expect(bodyShapeProblem(JSON.parse(`{"x":[{"${key}":1}]}`))).toBe(`The request body uses a reserved field name: ${key}`);
    }
  });
});
