import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from '../../../api/client';

describe('content-disposition file names', () => {
  it('reads quoted, bare and RFC 5987 names', () => {
    expect(fileNameFromDisposition('attachment; filename="loans_export.csv"')).toBe('loans_export.csv');
    expect(fileNameFromDisposition('attachment; filename=loans_export.pdf')).toBe('loans_export.pdf');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''loans%20nov.csv")).toBe('loans nov.csv');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
