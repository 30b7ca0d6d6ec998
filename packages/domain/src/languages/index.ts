/**
 * The languages the product's screens are written in. English is the source every other language
 * is translated from; Hindi covers every screen; Marathi and Tamil cover the screens of the field
 * and of borrowers (sign-in and registration, the agent's area, the borrower's own screens).
 */
export const SCREEN_LANGUAGES = ['en', 'hi', 'mr', 'ta'] as const;
export type TScreenLanguage = (typeof SCREEN_LANGUAGES)[number];

/** Each language named in itself, as a picker offers it to someone who does not read English. */
export const SCREEN_LANGUAGE_NAMES: Record<TScreenLanguage, string> = {
  en: 'English',
  hi: 'हिन्दी',
  mr: 'मराठी',
  ta: 'தமிழ்',
};

export const isScreenLanguage = (value: unknown): value is TScreenLanguage =>
  typeof value === 'string' && (SCREEN_LANGUAGES as readonly string[]).includes(value);

/**
 * The first of a browser's preferred languages (BCP 47 tags, most wanted first) that the product
 * has, by its primary subtag ("hi-IN" is Hindi); English when none is.
 */
export const screenLanguageFor = (preferred: readonly string[]): TScreenLanguage => {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isScreenLanguage(primary)) return primary;
  }
  return 'en';
};
