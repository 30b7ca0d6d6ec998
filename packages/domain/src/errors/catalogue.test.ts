import { describe, expect, it } from 'vitest';
import { ACCESS_REFUSALS } from '../access/refusals';
import { CASH_REFUSALS } from '../cash/refusals';
import { CLASSIFICATION_REFUSALS } from '../classification/refusals';
import { FILE_REFUSALS } from '../files/refusals';
import { IMPORT_CALL_REFUSALS, IMPORT_REFUSALS } from '../imports/refusals';
import { LENDING_REFUSAL_CODES, LOAN_CALL_REFUSALS } from '../lending/refusals';
import { MESSAGE_REFUSALS } from '../messages/refusals';
import { PRODUCT_REFUSALS } from '../products/refusals';
import { FORM_REFUSALS } from '../schemas/refusals';
import { UPDATE_REFUSALS } from '../upgrades/update-status';
import { ERROR_CODES, ERROR_DESCRIPTIONS, ERROR_HTTP_STATUS, errorStatus, isErrorCode } from './catalogue';
import { errorCodesDocument, errorCodesTable } from './docs';
import { REQUEST_REFUSALS } from './request';

const declared = [
  Object.keys(REQUEST_REFUSALS),
  Object.keys(ACCESS_REFUSALS),
  Object.keys(FORM_REFUSALS),
  Object.keys(FILE_REFUSALS),
  Object.keys(IMPORT_REFUSALS),
  Object.keys(IMPORT_CALL_REFUSALS),
  [...LENDING_REFUSAL_CODES],
  Object.keys(LOAN_CALL_REFUSALS),
  Object.keys(UPDATE_REFUSALS),
  Object.keys(CASH_REFUSALS),
  Object.keys(CLASSIFICATION_REFUSALS),
  Object.keys(PRODUCT_REFUSALS),
  Object.keys(MESSAGE_REFUSALS),
];

describe('the error catalogue', () => {
  it('every code is UPPER_SNAKE, has an HTTP status and a one-line description', () => {
    expect(ERROR_CODES.length).toBeGreaterThan(50);
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      expect([400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 503, 507]).toContain(errorStatus(code));
      const description = ERROR_DESCRIPTIONS[code];
      expect(description.trim().length, code).toBeGreaterThan(10);
      expect(description, code).not.toContain('\n');
    }
  });

  it('each code is declared in exactly one place, and the status map holds exactly the declared codes', () => {
    const all = declared.flat();
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual([...ERROR_CODES].sort());
    expect(Object.keys(ERROR_DESCRIPTIONS).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('keeps the statuses clients rely on', () => {
    expect(ERROR_HTTP_STATUS.EMI_ALREADY_PAID).toBe(409);
    expect(ERROR_HTTP_STATUS.VALIDATION_FAILED).toBe(400);
    expect(ERROR_HTTP_STATUS.NOT_FOUND).toBe(404);
    expect(ERROR_HTTP_STATUS.INVALID_CREDENTIALS).toBe(401);
    expect(ERROR_HTTP_STATUS.ACCOUNT_LOCKED).toBe(429);
    expect(ERROR_HTTP_STATUS.INTERNAL).toBe(500);
  });

  it('recognises its codes and nothing else', () => {
    expect(isErrorCode('EMI_ALREADY_PAID')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('emi_already_paid')).toBe(false);
    expect(isErrorCode(409)).toBe(false);
  });

  it('the generated table lists every code once with its status', () => {
    const table = errorCodesTable();
    for (const code of ERROR_CODES) {
      const rows = table.split('\n').filter((row) => row.startsWith(`| \`${code}\` |`));
      expect(rows, code).toHaveLength(1);
      expect(rows[0]).toContain(`| ${ERROR_HTTP_STATUS[code]} |`);
    }
    expect(errorCodesDocument()).toContain(table);
  });
});
