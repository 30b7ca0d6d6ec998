/**
 * How much JavaScript the sign-in page costs a first-time visitor, gzipped. `npm run bench:web`
 * builds the web app (or, with --reuse, reads apps/web/dist as it is), walks Vite's manifest from
 * what index.html loads and preloads plus the sign-in route's own lazy chunk, and prints the figure
 * beside its target; the exit code is 1 when it is missed or when the charts' library is in it.
 * With --browser it also opens the page in Chromium and sums the JavaScript actually fetched.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { measureInBrowser } from './web-size-browser';

const TARGET_KB = 170;
/** The route module whose lazy chunk draws the sign-in page. */
const SIGN_IN_MODULE = 'src/features/auth/routes/login-page.tsx';
/** A string only recharts carries (its wrapper's class name): the charts must never load with sign-in. */
const CHARTS_MARK = 'recharts-wrapper';

type TManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type TManifest = Record<string, TManifestChunk>;

const args = new Set(process.argv.slice(2));
const webDir = resolve(import.meta.dirname, '../apps/web');
const distDir = join(webDir, 'dist');

if (!args.has('--reuse') || !existsSync(join(distDir, 'index.html'))) {
  execFileSync('npm', ['run', 'build', '-w', '@lending/web'], {
    stdio: 'inherit',
    cwd: resolve(webDir, '../..'),
  });
}

const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as TManifest;
const html = readFileSync(join(distDir, 'index.html'), 'utf8');
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
const gzipped = new Map<string, number>();
const gzipSize = (file: string) => {
  const known = gzipped.get(file);
  if (known !== undefined) return known;
  const size = gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
  gzipped.set(file, size);
  return size;
};

/** The files a chunk needs before it runs: itself and its static imports, recursively. */
const withStaticImports = (key: string, into: Set<string>) => {
  const chunk = manifest[key];
  if (chunk === undefined || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, into);
  return into;
};

const fromHtml = [
  ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/?([^"]+\.js)"/g),
]
  .map((match) => match[1])
  .filter((file): file is string => file !== undefined);
const signInKey = Object.keys(manifest).find((key) => manifest[key]?.src === SIGN_IN_MODULE);
if (signInKey === undefined)
  throw new Error(`${SIGN_IN_MODULE} is not a chunk of its own: is its route lazy?`);

const signIn = new Set<string>();
for (const file of fromHtml) withStaticImports(keyOfFile.get(file) ?? file, signIn).add(file);
withStaticImports(signInKey, signIn);

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzipSize(file), 0);
const signInBytes = sum(signIn);
const withCharts = [...signIn].filter((file) =>
  readFileSync(join(distDir, file), 'utf8').includes(CHARTS_MARK),
);

const allJs = readdirSync(join(distDir, 'assets'))
  .filter((name) => name.endsWith('.js'))
  .map((name) => `assets/${name}`);
const rawBytes = allJs.reduce((total, file) => total + readFileSync(join(distDir, file)).length, 0);

console.log(`sign-in route: ${signIn.size} JS files, ${kb(signInBytes)} gzipped (target ≤ ${TARGET_KB} kB)`);
for (const file of [...signIn].sort((a, b) => gzipSize(b) - gzipSize(a)))
  console.log(`  ${kb(gzipSize(file)).padStart(9)}  ${file}`);
console.log(`all JS: ${allJs.length} files, ${kb(rawBytes)} minified, ${kb(sum(allJs))} gzipped`);
console.log('largest chunks (gzipped):');
for (const file of [...allJs].sort((a, b) => gzipSize(b) - gzipSize(a)).slice(0, 8)) {
  console.log(`  ${kb(gzipSize(file)).padStart(9)}  ${file}`);
}

let failed = signInBytes > TARGET_KB * 1000;
if (withCharts.length > 0) {
  console.log(`FAIL: the charts' library loads with sign-in (${withCharts.join(', ')})`);
  failed = true;
}

if (args.has('--browser')) {
  const seen = await measureInBrowser(distDir);
  console.log(`Chromium, /login: ${seen.files.length} JS responses, ${kb(seen.bytes)} gzip-encoded bodies`);
  const unexpected = seen.files.filter((file) => !signIn.has(file));
  if (unexpected.length > 0) console.log(`  fetched beyond the manifest walk: ${unexpected.join(', ')}`);
  if (seen.bytes > TARGET_KB * 1000) failed = true;
}

console.log(failed ? 'FAIL' : 'ok');
process.exit(failed ? 1 : 0);
