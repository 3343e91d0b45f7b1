import { describe, expect, it } from 'bun:test';
import { ObjectId } from 'mongodb';
import { isId, newId, stableId } from './ids.ts';

describe('ids', () => {
  it('makes ids in the ObjectId layout that MongoDB reads with the current time', () => {
    const before = Math.floor(Date.now() / 1000);
    const id = newId();
    expect(isId(id)).toBe(true);
    expect(ObjectId.isValid(id)).toBe(true);
    const seconds = new ObjectId(id).getTimestamp().getTime() / 1000;
    expect(seconds).toBeGreaterThanOrEqual(before);
    expect(seconds).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });

  it('never makes the same id twice in a process', () => {
    const ids = new Set(Array.from({ length: 50_000 }, () => newId()));
    expect(ids.size).toBe(50_000);
  });

  it('derives the same stable id from the same key', () => {
    expect(stableId('service', 'react-developer')).toBe(stableId('service', 'react-developer'));
    expect(stableId('service', 'react-developer')).not.toBe(stableId('profile', 'react-developer'));
    expect(isId(stableId('service', 'x'))).toBe(true);
  });
});
