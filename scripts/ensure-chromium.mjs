// Run before the end-to-end suite: the tests drive Debian's Chromium and never download a browser.
// When it is missing, root on a Debian-like machine gets it installed here (what a fresh CI machine
// needs); anyone else is told the one command to run, before Playwright starts and fails slowly.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const APT_GET = '/usr/bin/apt-get';
export const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y chromium';

/**
 * What to do, from the facts alone: `none` (the browser is there), `install` (Debian's chromium,
 * as root with apt-get) or `refuse` with the line to print. A CHROMIUM_PATH that points at nothing
 * is refused rather than papered over with Debian's browser, which is not the one asked for.
 */
/** @param {{ chromiumPath: string, exists: (file: string) => boolean, isRoot: boolean, hasAptGet: boolean }} facts */
export const chromiumPlan = ({ chromiumPath, exists, isRoot, hasAptGet }) => {
  if (exists(chromiumPath)) return { action: 'none' };
  if (chromiumPath !== DEBIAN_CHROMIUM)
    return {
      action: 'refuse',
      message: `CHROMIUM_PATH=${chromiumPath} does not exist: point it at a Chromium binary.`,
    };
  if (isRoot && hasAptGet) return { action: 'install' };
  return {
    action: 'refuse',
    message: `The end-to-end tests need Chromium at ${DEBIAN_CHROMIUM}: run \`${INSTALL_COMMAND}\` (or set CHROMIUM_PATH).`,
  };
};

/** The two apt-get steps, quiet and without questions. */
export const INSTALL_STEPS = [
  ['apt-get', ['update', '-qq']],
  ['apt-get', ['install', '-y', '-qq', 'chromium']],
];

/**
 * @typedef {{
 *   chromiumPath?: string,
 *   exists?: (file: string) => boolean,
 *   isRoot?: boolean,
 *   run: (command: string, args: string[]) => number,
 *   log?: (line: string) => void,
 *   fail?: (line: string) => void,
 * }} ChromiumEffects
 */

/**
 * Applies the plan with the given effects (injected, so tests need neither root nor apt): answers
 * true when Chromium is there at the end, false after printing why not.
 * @param {ChromiumEffects} effects
 */
export const ensureChromium = ({
  chromiumPath = DEBIAN_CHROMIUM,
  exists = (file) => fs.existsSync(file),
  isRoot = process.getuid?.() === 0,
  run,
  log = console.log,
  fail = console.error,
}) => {
  const plan = chromiumPlan({ chromiumPath, exists, isRoot, hasAptGet: exists(APT_GET) });
  if (plan.action === 'none') return true;
  if (plan.action === 'refuse') {
    fail(plan.message);
    return false;
  }
  log(`Chromium is missing at ${DEBIAN_CHROMIUM}; installing Debian's chromium (running as root):`);
  for (const [command, args] of INSTALL_STEPS) {
    log(`  DEBIAN_FRONTEND=noninteractive ${command} ${args.join(' ')}`);
    if (run(command, args) !== 0) {
      fail(`\`${command} ${args.join(' ')}\` failed: install Chromium by hand (${INSTALL_COMMAND}).`);
      return false;
    }
  }
  if (exists(DEBIAN_CHROMIUM)) return true;
  fail(
    `apt-get finished but ${DEBIAN_CHROMIUM} is still missing: install Chromium by hand (${INSTALL_COMMAND}).`,
  );
  return false;
};

/** @type {ChromiumEffects['run']} */
const runQuietly = (command, args) =>
  spawnSync(command, args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  }).status ?? 1;

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const chromiumPath = process.env.CHROMIUM_PATH ?? DEBIAN_CHROMIUM;
  if (!ensureChromium({ chromiumPath, run: runQuietly })) process.exit(1);
}
