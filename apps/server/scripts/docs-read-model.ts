import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withReadModelMap } from '../src/modules/read-model/map-doc';

/** Writes the read model's map into docs/ARCHITECTURE.md (`npm run docs:read-model`). */
const target = fileURLToPath(new URL('../../../docs/ARCHITECTURE.md', import.meta.url));
writeFileSync(target, withReadModelMap(readFileSync(target, 'utf8')));
console.log(`wrote the read-model map into ${target}`);
