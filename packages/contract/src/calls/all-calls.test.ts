import { describe, expect, it } from 'vitest';
import * as contract from '../index.ts';
import { allCalls } from './index.ts';

describe('allCalls', () => {
  it('lists every call definition the contract exports (OpenAPI and the contract fuzz read it)', () => {
    const defined = Object.entries(contract).filter(
      ([name, value]) => name.endsWith('Call') && typeof value === 'object' && value !== null && 'path' in value && 'body' in value && 'access' in value,
    );
    expect(defined.length).toBeGreaterThan(40);
    const listed = new Set<unknown>(allCalls);
    expect(defined.filter(([, value]) => !listed.has(value)).map(([name]) => name)).toEqual([]);
  });
});
