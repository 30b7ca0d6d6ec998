import { screenLanguageFor, type TScreenLanguage } from '@lending/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { TFieldTranslation, TFullTranslation } from './catalogues';
import { en } from './catalogues/en';

/** The browser keeps the person's choice under this key, so the sign-in page opens in it. */
export const LANGUAGE_STORAGE_KEY = 'language';

/**
 * Each language's catalogue is a chunk of its own, fetched when that language is chosen: an English
 * reader downloads none, a Tamil reader only Tamil. English is in the app itself, as the fallback
 * of every key.
 */
const LOADERS: Record<Exclude<TScreenLanguage, 'en'>, () => Promise<TFullTranslation | TFieldTranslation>> = {
  hi: () => import('./catalogues/hi').then((module) => module.catalogue),
  mr: () => import('./catalogues/mr').then((module) => module.catalogue),
  ta: () => import('./catalogues/ta').then((module) => module.catalogue),
};

/** The font each script is drawn with where the device has none (app/fonts.css), with a letter of it. */
const SCRIPT_FONTS: Partial<Record<TScreenLanguage, { family: string; letter: string }>> = {
  hi: { family: 'Noto Sans Devanagari', letter: 'क' },
  mr: { family: 'Noto Sans Devanagari', letter: 'क' },
  ta: { family: 'Noto Sans Tamil', letter: 'க' },
};

/** Longest the screens wait for a script's font; after it they draw with whatever the device has. */
const FONT_WAIT_MS = 3000;

/**
 * Fetches the language's script font (regular and bold) before the screens switch, so that the text
 * is drawn once in it: no flash of empty boxes on a device without the script, and no screen left
 * drawn with a font that was still arriving.
 */
const loadScriptFont = async (language: TScreenLanguage): Promise<void> => {
  const font = SCRIPT_FONTS[language];
  if (font === undefined || typeof document === 'undefined' || typeof document.fonts?.load !== 'function')
    return;
  const loads = ['400', '700'].map((weight) =>
    document.fonts.load(`${weight} 16px "${font.family}"`, font.letter),
  );
  await Promise.race([
    Promise.allSettled(loads),
    new Promise((resolve) => setTimeout(resolve, FONT_WAIT_MS)),
  ]);
};

// Synchronous: the first render already has the English texts (and tests need no set-up).
void i18next.use(initReactI18next).init({
  resources: { en },
  lng: 'en',
  fallbackLng: 'en',
  ns: Object.keys(en),
  defaultNS: 'common',
  initAsync: false,
  // React escapes what it renders; escaping here too would show "&amp;".
  interpolation: { escapeValue: false },
});

export { i18next as i18n };

const storedLanguage = (): string | null => {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
};

/** The language to open in: the person's stored choice, else the browser's first that the product has. */
export const initialScreenLanguage = (): TScreenLanguage =>
  screenLanguageFor([
    storedLanguage() ?? '',
    ...(typeof navigator === 'undefined' ? [] : navigator.languages),
  ]);

/**
 * Shows the screens in `language`: fetches its catalogue the first time, switches every mounted
 * text, and sets the page's `lang` (screen readers pick their voice by it, browsers their fonts).
 */
export const showScreensIn = async (language: TScreenLanguage): Promise<void> => {
  if (language !== 'en' && !i18next.hasResourceBundle(language, 'common')) {
    const catalogue = await LOADERS[language]();
    for (const [namespace, texts] of Object.entries(catalogue))
      i18next.addResourceBundle(language, namespace, texts, true, true);
  }
  await loadScriptFont(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
};

/** Shows the screens in `language` and remembers it in this browser. */
export const chooseScreenLanguage = async (language: TScreenLanguage): Promise<void> => {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // A browser that keeps nothing still switches for this visit.
  }
  await showScreensIn(language);
};

/** The language the screens are in now. */
export const currentScreenLanguage = (): TScreenLanguage => screenLanguageFor([i18next.language ?? 'en']);
