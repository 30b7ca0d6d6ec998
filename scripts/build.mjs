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

/** Each target with its current input hash and, when it must be built, why. */
export const planBuilds = (targets = TARGETS) =>
  targets.map((target) => {
    const { hash, files } = hashInputs(ROOT, target.inputs);
    const stampFile = path.join(STAMPS, `${target.name}.json`);
    const reason = staleness({
      stamp: readStamp(stampFile),
      hash,
      fingerprint: fingerprintOf(path.join(ROOT, target.output)),
    });
    return { target, hash, files, stampFile, reason };
  });

const buildOne = async ({ target, hash, stampFile }) => {
  await target.build();
  writeStamp(stampFile, { hash, fingerprint: fingerprintOf(path.join(ROOT, target.output)) });
};

/** Builds what is missing or stale (everything with `force`); answers the names it built. */
export const buildStale = async ({ force = false, log = console.log } = {}) => {
  const built = [];
  for (const plan of planBuilds()) {
    const reason = force ? 'asked' : plan.reason;
    if (reason === null) continue;
    log(`  building ${plan.target.name} (${reason}; ${plan.files} input files)`);
    await buildOne(plan);
    built.push(plan.target.name);
  }
  return built;
};

/** Builds, or stops the process with the failure's one line (the build's own output is above it). */
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
