import { readFileSync } from 'node:fs';
import { BOOK_EXPORT_FILES, BOOK_EXPORT_KEPT_DAYS } from '@lending/domain';
import { describe, expect, it } from 'vitest';
import { withBookExportReference } from './doc';

const doc = readFileSync(new URL('../../../../../docs/export.md', import.meta.url), 'utf8');

describe('docs/export.md', () => {
  it('has the reference as the declarations give it (run `npm run docs:export` after changing them)', () => {
    expect(doc).toBe(withBookExportReference(doc));
  });

  it('names every file and every column of the export, and how long it is kept', () => {
    for (const file of BOOK_EXPORT_FILES) {
      expect(doc).toContain(`### ${file.name}`);
      for (const column of file.columns) expect(doc).toContain(`| \`${column.header}\` | ${column.kind} |`);
    }
    expect(doc).toContain(`kept **${BOOK_EXPORT_KEPT_DAYS} days**`);
  });
});
