import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_CODES, ERROR_CODES, ErrorCode, isErrorCode } from '../src/errors.ts';
import { errorResponse } from '../src/schemas/common.ts';

describe('error codes', () => {
  it('lists each code once, in UPPER_SNAKE_CASE', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });

  it('names every code by itself, and nothing else', () => {
    expect(Object.keys(ErrorCode).sort()).toEqual([...ERROR_CODES].sort());
    for (const [name, code] of Object.entries(ErrorCode)) expect(code).toBe(name);
  });

  it("keeps the web's own codes apart from the API's", () => {
    for (const code of CLIENT_ERROR_CODES) expect(isErrorCode(code)).toBe(false);
  });

  it('is what an error answer may carry', () => {
    expect(errorResponse.safeParse({ message: 'x', code: ErrorCode.QUOTE_EXPIRED }).success).toBe(true);
    expect(errorResponse.safeParse({ message: 'x', code: 'FST_ERR_VALIDATION' }).success).toBe(false);
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(isErrorCode('ENOENT')).toBe(false);
  });
});
