import type { SniffedType } from '@lending/domain';
import sharp, { type FormatEnum } from 'sharp';

/** The formats re-encoded on upload; GIFs and PDFs are stored as they came. */
const REENCODED = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const satisfies Partial<Record<SniffedType, keyof FormatEnum>>;

// A phone photo is about 12–50 megapixels; far beyond that an upload is a decompression bomb.
const MAX_INPUT_PIXELS = 100_000_000;

const isReencoded = (type: SniffedType): type is keyof typeof REENCODED => type in REENCODED;

/**
 * A photo's EXIF carries where it was taken (a borrower's home) and the device: each JPEG, PNG and
 * WebP is decoded and encoded again without any metadata (sharp keeps none unless told to), its
 * orientation tag applied to the pixels first so it still shows the right way up. Answers null when
 * the bytes do not decode as the image they claim to be.
 */
export const stripImageMetadata = async (data: Buffer, type: SniffedType): Promise<Buffer | null> => {
  if (!isReencoded(type)) return data;
  try {
    return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .toFormat(REENCODED[type], type === 'image/png' ? {} : { quality: 90 })
      .toBuffer();
  } catch {
    return null;
  }
};
