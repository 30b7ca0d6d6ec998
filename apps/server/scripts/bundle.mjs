// Bundles the server into `dist/main.js` for plain `node`: the server's own code and the domain
// package (whose package.json points at TypeScript source) are compiled in; every other package
// stays an import resolved from node_modules at run time, so native and WASM packages (PGlite,
// argon2, sharp) and files packages find beside themselves (fonts, PGlite's data) load as they do
// under tsx.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_DIST = path.join(SERVER_DIR, 'dist');
export const SERVER_ENTRY = path.join(SERVER_DIST, 'main.js');

/** Compiled in rather than imported: workspace packages, which ship TypeScript source. */
const COMPILED_IN = /^@lending\//;

/** Every bare import except the workspace's own packages is left to Node to resolve. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      COMPILED_IN.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

/** The package a bare import names: `drizzle-orm/pg-core` → `drizzle-orm`, `@fastify/static` stays. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * The packages the bundle imports that apps/server does not list under `dependencies`: a dev-only
 * package imported at run time would work here and fail on a production install (`--omit=dev`).
 */
export const undeclaredImports = (imports, dependencies) =>
  [
    ...new Set(
      imports
        .filter((item) => item.external && !item.path.startsWith('node:'))
        .map((item) => packageOf(item.path)),
    ),
  ].filter((name) => !(name in dependencies));

/** Writes `dist/main.js` (with its source map) and `dist/migrations`; answers the bundle's size. */
export const bundleServer = async () => {
  fs.rmSync(SERVER_DIST, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: SERVER_DIR,
    entryPoints: { main: 'src/main.ts' },
    outdir: SERVER_DIST,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Stack traces in logs name the TypeScript file and line (start.mjs turns source maps on).
    sourcemap: 'linked',
    plugins: [externalPackages],
    logLevel: 'warning',
    metafile: true,
  });
  // The migrator reads `./migrations` next to the code (db/client.ts), here dist/main.js.
  fs.cpSync(path.join(SERVER_DIR, 'src/db/migrations'), path.join(SERVER_DIST, 'migrations'), {
    recursive: true,
  });
  const output = result.metafile.outputs['dist/main.js'];
  const { dependencies } = JSON.parse(fs.readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8'));
  const undeclared = undeclaredImports(output?.imports ?? [], dependencies);
  if (undeclared.length > 0)
    throw new Error(`the server imports packages missing from its dependencies: ${undeclared.join(', ')}`);
  return output?.bytes ?? 0;
};

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const bytes = await bundleServer();
  console.log(
    `server bundled: ${path.relative(process.cwd(), SERVER_ENTRY)} (${Math.round(bytes / 1024)} KiB)`,
  );
}
