/**
 * `npm run lint:engines`: every package in package-lock.json must run on the Node line the root
 * `engines` names (the machines run Node 20 only). npm merely warns about a package that wants a
 * newer Node, and such a package may break at run time; this refuses it in the lint instead. It
 * reads the lock file only, so it needs no node_modules.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import semver from 'semver';

type TLockPackage = { version?: string; engines?: Record<string, string> | string[]; dev?: boolean };
type TLock = { packages: Record<string, TLockPackage> };

const root = resolve(import.meta.dirname, '..');
const lock = JSON.parse(readFileSync(resolve(root, 'package-lock.json'), 'utf8')) as TLock;
const wanted = lock.packages['']?.engines;
const rootRange = wanted !== undefined && !Array.isArray(wanted) ? wanted.node : undefined;
if (rootRange === undefined) throw new Error('The root package.json names no engines.node');

// The lowest Node the root admits, up to the next major: the line the machines run.
const lowest = semver.minVersion(rootRange);
if (lowest === null) throw new Error(`engines.node "${rootRange}" admits no version`);
const line = `>=${lowest.version} <${lowest.major + 1}.0.0-0`;

const refusals = Object.entries(lock.packages).flatMap(([path, pkg]) => {
  const range = pkg.engines !== undefined && !Array.isArray(pkg.engines) ? pkg.engines.node : undefined;
  if (path === '' || range === undefined) return [];
  const admits =
    semver.validRange(range, { loose: true }) !== null && semver.subset(line, range, { loose: true });
  return admits ? [] : [`${path.replace(/^.*node_modules\//, '')}@${pkg.version ?? '?'} wants node ${range}`];
});

if (refusals.length > 0) {
  console.error(`Packages that do not run on Node ${line} (root engines: ${rootRange}):`);
  for (const refusal of refusals) console.error(`  ${refusal}`);
  console.error('Pin an older version (package.json "overrides") or drop the package.');
  process.exit(1);
}
console.log(`engines: all ${Object.keys(lock.packages).length - 1} locked packages run on Node ${line}`);
