// Whether a build output still matches its inputs. A build records a hash of the contents of its
// input files (not their times: a checkout or a copy touches times without changing anything, and
// an edit restored to its old text needs no rebuild) and a fingerprint of the output it wrote, so
// an output deleted or rebuilt by hand since is noticed too.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Test files never reach a bundle, so editing one rebuilds nothing. */
const NOT_AN_INPUT = /(^|\/)(node_modules|dist)(\/|$)|\.test\.tsx?$/;

/** Every file under `entry` (a file or a folder), as paths relative to `root`, sorted. */
const filesOf = (root, entry) => {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((item) => item.isFile())
    .map((item) => path.relative(root, path.join(item.parentPath, item.name)).split(path.sep).join('/'))
    .filter((file) => !NOT_AN_INPUT.test(file));
};

/** One hash over the names and contents of every input file: the same text gives the same hash. */
export const hashInputs = (root, inputs) => {
  const hash = crypto.createHash('sha256');
  const files = [...new Set(inputs.flatMap((entry) => filesOf(root, entry)))].sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return { hash: hash.digest('hex'), files: files.length };
};

/** The output's key file as it is now (size and time), or null when it is missing. */
export const fingerprintOf = (file) => {
  if (!fs.existsSync(file)) return null;
  const stat = fs.statSync(file);
  return `${stat.size}:${Math.round(stat.mtimeMs)}`;
};

export const readStamp = (stampFile) => {
  try {
    return JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  } catch {
    return null;
  }
};

/**
 * Why a target must be built, or null when its output is current: `missing` (no output),
 * `unstamped` (built without a stamp), `changed` (an input differs) or `replaced` (the output is
 * not the one the stamp recorded).
 */
export const staleness = ({ stamp, hash, fingerprint }) => {
  if (fingerprint === null) return 'missing';
  if (stamp === null) return 'unstamped';
  if (stamp.hash !== hash) return 'changed';
  if (stamp.output !== fingerprint) return 'replaced';
  return null;
};

export const writeStamp = (stampFile, { hash, fingerprint }) => {
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(
    stampFile,
    `${JSON.stringify({ hash, output: fingerprint, builtAt: new Date().toISOString() })}\n`,
  );
};
