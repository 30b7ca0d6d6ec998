import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withBookExportReference } from '../src/modules/exports/doc';

/** Writes the book export's reference (its files and columns, from the domain) into docs/export.md (`npm run docs:export`). */
const target = fileURLToPath(new URL('../../../docs/export.md', import.meta.url));
writeFileSync(target, withBookExportReference(readFileSync(target, 'utf8')));
console.log(`wrote the book export reference into ${target}`);
