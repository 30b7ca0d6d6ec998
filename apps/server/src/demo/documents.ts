import { DOCUMENT_FIELDS, type DocumentField, sniffFileType, USER_FORM_FILE_TYPES } from '@lending/domain';
import sharp from 'sharp';
import type { UploadedFiles } from '../modules/users';

type Rgb = readonly [number, number, number];

/** A few card colours, so customers' documents do not all look alike. */
const PALETTE: readonly Rgb[] = [
  [37, 99, 235],
  [22, 163, 74],
  [217, 119, 6],
  [190, 24, 93],
  [124, 58, 237],
  [8, 145, 178],
];

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

const WHITE: Rgb = [255, 255, 255];

/**
 * Each document kind its own text-free pattern on a card: stripes, a chequerboard, bands, a
 * portrait-like disc, a cheque's lines. Stand-ins that look like scans without pretending to be real.
 */
const PATTERNS: Record<DocumentField, (x: number, y: number, w: number, h: number) => number> = {
  profile_pic: (x, y, w, h) => (Math.hypot(x - w / 2, y - h / 2.4) < w / 4.5 ? 1 : y > h * 0.72 ? 0.6 : 0),
  adhaar_card: (x, y) => (Math.floor((x + y) / 14) % 2 === 0 ? 0.25 : y < 40 ? 1 : 0.05),
  voter_card: (x, y) => (Math.floor(x / 24) % 2 === Math.floor(y / 24) % 2 ? 0.35 : 0.1),
  pan_card: (_x, y, _w, h) => (y < h / 4 ? 1 : Math.floor(y / 12) % 3 === 0 ? 0.3 : 0),
  bank_check: (x, y, w, h) => (y % 36 === 0 && x > w * 0.1 ? 0.8 : x > w * 0.7 && y > h * 0.7 ? 0.5 : 0.04),
};

const drawn = new Map<string, Promise<Buffer>>();

/**
 * A small PNG drawn in code: the document kind's pattern in one of the palette's colours. Each
 * drawing is made once and stored under a new key for every customer, as separate uploads would be.
 */
export const documentImage = (field: DocumentField, seed: number): Promise<Buffer> => {
  const key = `${field}:${seed % PALETTE.length}`;
  const cached = drawn.get(key) ?? draw(field, seed);
  drawn.set(key, cached);
  return cached;
};

const draw = async (field: DocumentField, seed: number): Promise<Buffer> => {
  const square = field === 'profile_pic';
  const width = square ? 160 : 320;
  const height = square ? 160 : 200;
  const colour = PALETTE[seed % PALETTE.length] ?? PALETTE[0] ?? WHITE;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = mix(WHITE, colour, PATTERNS[field](x, y, width, height));
      pixels.set([r, g, b], (y * width + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
};

/** Every document a customer carries, as the user form would receive them (each a kind it takes). */
export const customerDocuments = async (seed: number): Promise<UploadedFiles> => {
  const files: UploadedFiles = {};
  for (const field of DOCUMENT_FIELDS) {
    const data = await documentImage(field, seed + DOCUMENT_FIELDS.indexOf(field));
    const type = sniffFileType(data);
    // The same rule the upload checks apply: a file the form would refuse must not get in here either.
    if (!type || !USER_FORM_FILE_TYPES[field].includes(type))
      throw new Error(`demo ${field} is not accepted`);
    files[field] = { data, type };
  }
  return files;
};
