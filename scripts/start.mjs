// `npm start`: builds the web app and the server only if missing or stale (build.mjs), then runs
// the compiled server in this same process with plain Node: no TypeScript loader stays resident.
// Arguments pass through (`npm start -- --seed-only`).
import { buildStaleOrExit } from './build.mjs';

const started = performance.now();
const built = await buildStaleOrExit();
if (built.length > 0)
  console.log(`  built ${built.join(' and ')} in ${Math.round(performance.now() - started)} ms`);

// Errors logged by the server point at the TypeScript source, not the bundle.
process.setSourceMapsEnabled(true);
await import('../apps/server/dist/main.js');
