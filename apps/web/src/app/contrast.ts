/**
 * WCAG 2.2 contrast arithmetic for the theme: the ratio of two colours' relative luminances, and
 * the first of a palette's shades (from a starting one, darker or lighter) that reaches a ratio.
 */

/** Normal text needs 4.5:1 against its background (WCAG 2.2 SC 1.4.3, level AA). */
export const TEXT_CONTRAST = 4.5;

const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

const rgbOf = (hex: string): [number, number, number] => {
  const digits = hex.replace('#', '');
  const full =
    digits.length === 3
      ? digits
          .split('')
          .map((d) => d + d)
          .join('')
      : digits;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`not a hex colour: ${hex}`);
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
};

/** The relative luminance of a `#rrggbb` colour. */
export const luminance = (hex: string): number => {
  const [r, g, b] = rgbOf(hex).map(channel) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** The contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export const contrastRatio = (a: string, b: string): number => {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
};

/** `hex` mixed with black by `amount` (0..1): a darker shade of the same hue. */
export const darkenHex = (hex: string, amount: number): string =>
  `#${rgbOf(hex)
    .map((v) =>
      Math.round(v * (1 - amount))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** `hex` mixed with white by `amount` (0..1): a lighter shade of the same hue. */
export const lightenHex = (hex: string, amount: number): string =>
  `#${rgbOf(hex)
    .map((v) =>
      Math.round(v + (255 - v) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/**
 * The first colour, walking `shades` from index `from` in direction `step` and past the palette's
 * end by mixing with black (step +1) or white (step -1), whose contrast with every one of
 * `against` reaches `ratio`.
 */
export const firstShadeReaching = (
  shades: readonly string[],
  from: number,
  step: 1 | -1,
  against: readonly string[],
  ratio = TEXT_CONTRAST,
): string => {
  const passes = (hex: string) => against.every((other) => contrastRatio(hex, other) >= ratio);
  for (let i = from; i >= 0 && i < shades.length; i += step) {
    const shade = shades[i];
    if (shade && passes(shade)) return shade;
  }
  const end = shades[step === 1 ? shades.length - 1 : 0] ?? '#808080';
  for (let amount = 0.05; amount <= 1; amount += 0.05) {
    const mixed = step === 1 ? darkenHex(end, amount) : lightenHex(end, amount);
    if (passes(mixed)) return mixed;
  }
  return step === 1 ? '#000000' : '#ffffff';
};
