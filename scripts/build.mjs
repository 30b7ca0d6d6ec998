// `npm run build` builds the web app and the server; `npm start` (start.mjs) calls `buildStale`,
// which builds only a target whose inputs changed since its last build, so a restart with nothing
// changed goes straight to the server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fingerprintOf, hashInputs, readStamp, staleness, writeStamp } from './build-stamp.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAMPS = path.join(ROOT, 'node_modules/.cache/lending-build');
/** Inputs of both targets: the domain they compile in and the locked dependency versions. */
const SHARED = [
  'packages/domain/src',
  'packages/domain/package.json',
  'package-lock.json',
  'tsconfig.base.json',
];

const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
};

/**
 * What each build reads and writes. A file a build reads but that is missing from `inputs` would
 * not make it stale: a new input (a config file, an asset folder) must be listed here.
 */
export const TARGETS = [
  {
    name: 'web',
    inputs: [
      ...SHARED,
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/pwa-plugin.ts',
      'apps/web/package.json',
      'apps/web/tsconfig.json',
    ],
    output: 'apps/web/dist/index.html',
    // A child process: Vite's memory is returned before the server starts.
    build: async () => run('npm', ['run', 'build', '--silent', '-w', '@lending/web']),
  },
  {
    name: 'server',
    inputs: [
      ...SHARED,
      'apps/server/src',
      'apps/server/package.json',
      'apps/server/tsconfig.json',
      'apps/server/scripts/bundle.mjs',
    ],
    output: 'apps/server/dist/main.js',
    build: async () => run(process.execPath, ['apps/server/scripts/bundle.mjs']),
  },
];

/**
 * @typedef {{ name: string, inputs: string[], output: string, build: () => Promise<void> }} Target
 * @typedef {{ targets?: Target[], root?: string, stamps?: string }} Workspace the real one by default; tests pass a folder of their own
 */

/**
 * Each target with its current input hash and, when it must be built, why.
 * @param {Workspace} workspace
 */
export const planBuilds = ({ targets = TARGETS, root = ROOT, stamps = STAMPS } = {}) =>
  targets.map((target) => {
    const { hash, files } = hashInputs(root, target.inputs);
    const stampFile = path.join(stamps, `${target.name}.json`);
    const output = path.join(root, target.output);
    const reason = staleness({ stamp: readStamp(stampFile), hash, fingerprint: fingerprintOf(output) });
    return { target, hash, files, stampFile, output, reason };
  });

/**
 * Builds what is missing or stale (everything with `force`); answers the names it built.
 * @param {Workspace & { force?: boolean, log?: (line: string) => void }} options
 */
export const buildStale = async ({ force = false, log = console.log, ...workspace } = {}) => {
  const built = [];
  for (const plan of planBuilds(workspace)) {
    const reason = force ? 'asked' : plan.reason;
    if (reason === null) continue;
    log(`  building ${plan.target.name} (${reason}; ${plan.files} input files)`);
    await plan.target.build();
    writeStamp(plan.stampFile, { hash: plan.hash, fingerprint: fingerprintOf(plan.output) });
    built.push(plan.target.name);
  }
  return built;
};

/**
 * Builds, or stops the process with the failure's one line (the build's own output is above it).
 * @param {{ force?: boolean }} [options]
 */
export const buildStaleOrExit = async (options) => {
  try {
    return await buildStale(options);
  } catch (error) {
    console.error(`\n  Build failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
};

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await buildStaleOrExit({ force: !process.argv.includes('--if-stale') });
}
