import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { errorCodesDocument } from '@lending/domain';

/** Writes docs/errors.md from the domain's error catalogue (`npm run docs:errors`). */
const target = fileURLToPath(new URL('../../../docs/errors.md', import.meta.url));
writeFileSync(target, errorCodesDocument());
console.log(`wrote ${target}`);
