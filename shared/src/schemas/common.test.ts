import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZUsd } from './common';

describe('ZUsd', () => {
  const ZBody = z.object({ amount: ZUsd, fee: ZUsd });
  it('encodes cents as the dollars old clients read, and decodes them back to the same cents', () => {
    const wire = ZBody.encode({ amount: 1099, fee: -1 });
    expect(wire).toEqual({ amount: 10.99, fee: -0.01 });
    expect(ZBody.parse(JSON.parse(JSON.stringify(wire)))).toEqual({ amount: 1099, fee: -1 });
  });
  it('decodes float noise to the nearest cent', () => {
    expect(ZUsd.parse(0.1 + 0.2)).toBe(30);
    expect(ZUsd.parse(19.99)).toBe(1999);
  });
});
