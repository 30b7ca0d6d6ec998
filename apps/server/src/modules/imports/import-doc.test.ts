import { readFileSync } from 'node:fs';
import {
  IMPORT_COLUMNS,
  IMPORT_KINDS,
  IMPORT_REFUSALS,
  type ImportColumn,
  importDocument,
} from '@lending/domain';
import { describe, expect, it } from 'vitest';

describe('docs/import.md', () => {
  const doc = readFileSync(new URL('../../../../../docs/import.md', import.meta.url), 'utf8');

  it('is the import as generated (run `npm run docs:import` after changing a column or rule)', () => {
    expect(doc).toBe(importDocument());
  });

  it('lists every declared column of every kind, and every refusal of a whole file', () => {
    for (const kind of IMPORT_KINDS)
      for (const column of IMPORT_COLUMNS[kind] as readonly ImportColumn[])
        expect(doc, `${kind}.${column.key}`).toContain(
          `| ${column.header} | ${column.required ? 'yes' : ''} |`,
        );
    for (const code of Object.keys(IMPORT_REFUSALS)) expect(doc).toContain(`\`${code}\``);
  });
});
