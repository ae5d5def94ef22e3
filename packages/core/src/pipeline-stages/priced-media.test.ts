import { ErrorCode } from '@voxwork/contract';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain-error.ts';
import { checkPricedLength, PRICED_LENGTH_TOLERANCE_SECONDS } from './priced-media.ts';

describe('checkPricedLength', () => {
  it('lets a file through up to the tolerance over its price, and refuses a longer one with both lengths', () => {
    expect(() => checkPricedLength(5, 5)).not.toThrow();
    expect(() => checkPricedLength(4, 5)).not.toThrow();
    expect(() => checkPricedLength(5 + PRICED_LENGTH_TOLERANCE_SECONDS, 5)).not.toThrow();
    expect(() => checkPricedLength(undefined, 5)).not.toThrow();
    let refused: unknown;
    try {
      checkPricedLength(150.0213, 5);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: ErrorCode.MEDIA_LONGER_THAN_PRICED, params: { seconds: 150, priced: 5 }, isRetryable: false });
  });
});
