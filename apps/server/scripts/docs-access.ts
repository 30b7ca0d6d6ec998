import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { accessDocument } from '../src/platform/access-doc';
import { registeredRoutes } from '../src/route-registry';

/** Writes docs/ACCESS.md from the routes the app registers (`npm run docs:access`). */
const target = fileURLToPath(new URL('../../../docs/ACCESS.md', import.meta.url));
writeFileSync(target, accessDocument(await registeredRoutes()));
console.log(`wrote ${target}`);
