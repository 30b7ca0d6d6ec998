import { describe, expect, it } from 'vitest';
import { BOOK_EXPORT_FILES } from './book-export';
import { BOOK_EXPORT_FORMATS, bookExportCell } from './cells';
import { BOOK_EXPORT_NEVER_EXPORTED, bookExportReadme, bookExportReferenceMarkdown } from './readme';

const counts = Object.fromEntries(BOOK_EXPORT_FILES.map((file, index) => [file.name, index])) as Record<
  (typeof BOOK_EXPORT_FILES)[number]['name'],
  number
>;

describe('the book export declarations', () => {
  it('give every file a unique name and unique headers, the id first (the export reads by it)', () => {
    const names = BOOK_EXPORT_FILES.map((file) => file.name);
    expect(new Set(names).size).toBe(names.length);
    for (const file of BOOK_EXPORT_FILES) {
      const headers = file.columns.map((column) => column.header);
      expect(new Set(headers).size, file.name).toBe(headers.length);
      expect(headers[0], file.name).toBe('id');
      for (const column of file.columns) {
        expect(column.header, file.name).toMatch(/^[a-z][a-z0-9_]*$/);
        expect(column.meaning.length, `${file.name} ${column.header}`).toBeGreaterThan(5);
      }
    }
  });

  it('name no column that could hold a credential', () => {
    const headers = BOOK_EXPORT_FILES.flatMap((file) => file.columns.map((column) => column.header));
    for (const header of headers)
      expect(header).not.toMatch(/password|hash|token|secret|otp|recovery|idempot/);
  });
});

describe('bookExportCell', () => {
  it('writes paise as exact rupees with two decimals', () => {
    expect(bookExportCell('money', 12_345)).toBe('123.45');
    expect(bookExportCell('money', 5)).toBe('0.05');
    expect(bookExportCell('money', -2_000)).toBe('-20.00');
    expect(bookExportCell('money', 0)).toBe('0.00');
    // The largest safe integer: a float division would print 90071992547409.92.
    expect(bookExportCell('money', Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
  });

  it('refuses what is not a whole number of paise rather than write a wrong amount', () => {
    expect(() => bookExportCell('money', 1.5)).toThrow(RangeError);
    expect(() => bookExportCell('money', '120')).toThrow(TypeError);
  });

  it('writes moments as ISO UTC, days as they are, booleans and numbers plainly, nothing for null', () => {
    expect(bookExportCell('moment', new Date('2026-11-29T10:30:12.345Z'))).toBe('2026-11-29T10:30:12.345Z');
    expect(bookExportCell('date', '2026-11-29')).toBe('2026-11-29');
    expect(bookExportCell('boolean', false)).toBe('false');
    expect(bookExportCell('integer', 42)).toBe('42');
    expect(bookExportCell('decimal', 12.971_599)).toBe('12.971599');
    expect(bookExportCell('text', null)).toBe('');
    expect(bookExportCell('money', undefined)).toBe('');
    expect(() => bookExportCell('date', '29-11-2026')).toThrow(TypeError);
    expect(() => bookExportCell('moment', '2026-11-29')).toThrow(TypeError);
  });

  it('defuses text a spreadsheet would run as a formula and writes JSON as text', () => {
    expect(bookExportCell('text', '=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(bookExportCell('text', 'Asha Verma')).toBe('Asha Verma');
    expect(bookExportCell('json', { before: { name: 'a' } })).toBe('{"before":{"name":"a"}}');
  });
});

describe('bookExportReadme', () => {
  const readme = bookExportReadme(new Date('2026-11-29T10:30:12.345Z'), counts);

  it('lists every file with its row count and every column with its kind and meaning', () => {
    for (const file of BOOK_EXPORT_FILES) {
      const count = counts[file.name];
      expect(readme).toContain(`${file.name}: ${file.rows} ${count} row${count === 1 ? '' : 's'}.`);
      for (const column of file.columns)
        expect(readme).toContain(`  ${column.header} (${column.kind}): ${column.meaning}`);
    }
  });

  it('says when it was taken, every format and what is never exported', () => {
    expect(readme).toContain('taken at 2026-11-29T10:30:12.345Z (UTC)');
    for (const format of Object.values(BOOK_EXPORT_FORMATS)) expect(readme).toContain(format);
    for (const line of BOOK_EXPORT_NEVER_EXPORTED) expect(readme).toContain(line);
  });

  it('gives the docs the formats, what is never exported and a Markdown table per file', () => {
    const markdown = bookExportReferenceMarkdown();
    for (const line of BOOK_EXPORT_NEVER_EXPORTED) expect(markdown).toContain(line);
    expect(markdown).toContain(`- **money**: ${BOOK_EXPORT_FORMATS.money}.`);
    for (const file of BOOK_EXPORT_FILES) {
      expect(markdown).toContain(`### ${file.name}`);
      for (const column of file.columns)
        expect(markdown).toContain(`| \`${column.header}\` | ${column.kind} |`);
    }
  });
});
