import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importDocument } from '@lending/domain';

/** Writes docs/import.md from the import's column declarations and rules (`npm run docs:import`). */
const target = fileURLToPath(new URL('../../../docs/import.md', import.meta.url));
writeFileSync(target, importDocument());
console.log(`wrote ${target}`);
