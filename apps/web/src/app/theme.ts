import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  localStorageColorSchemeManager,
  type MantineTheme,
} from '@mantine/core';
import { darkenHex, firstShadeReaching } from './contrast';

/** Props every instance of a component gets, by the component's theme name (no import of its code). */
const DEFAULT_PROPS = {
  // A table wider or taller than its box scrolls; a keyboard can reach and scroll it only if it
  // takes focus (WCAG 2.1.1), and a focused box needs a name. A group, not a region: regions are
  // landmarks, and a screen with two tables would have two landmarks of the same name.
  TableScrollContainer: {
    scrollAreaProps: {
      viewportProps: { tabIndex: 0, role: 'group', 'aria-label': 'Table', 'data-scroll-region': true },
    },
  },
  // A dialog's header is a <header>, which axe and some screen readers take for a second banner of
  // the page under it; it is only the dialog's title bar (the dialog is named by its title).
  ModalHeader: { role: 'none' },
  DrawerHeader: { role: 'none' },
  // The × that empties a date or file field is an icon: it needs words for a screen reader.
  DateInput: { clearButtonProps: { 'aria-label': 'Clear date' } },
  DatePickerInput: { clearButtonProps: { 'aria-label': 'Clear date' } },
  FileInput: { clearButtonProps: { 'aria-label': 'Clear file' } },
};

// The Indian scripts' fonts come after the system's (app/fonts.css): used only where it has none.
const FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Devanagari", "Noto Sans Tamil", sans-serif';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK },
  components: Object.fromEntries(
    Object.entries(DEFAULT_PROPS).map(([name, defaultProps]) => [name, { defaultProps }]),
  ),
});

/** The light/dark choice is stored under this key; without one the system preference applies. */
export const COLOR_SCHEME_STORAGE_KEY = 'color-scheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

/** The surfaces text is read on, per scheme: the page, cards and stripes, and inputs. */
const LIGHT_SURFACES = ['#ffffff', DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]];
const DARK_SURFACES = [
  DEFAULT_THEME.colors.dark[7],
  DEFAULT_THEME.colors.dark[6],
  DEFAULT_THEME.colors.dark[8],
];

/**
 * Mantine's default palette puts white on its 6th shade and coloured text in it: green and yellow
 * buttons, light badges, red figures and the dimmed grey all fall under 4.5:1. Each colour's
 * filled, text, outline and light-badge colours here are the first of its own shades (darker in the
 * light scheme, lighter in the dark one) that reaches 4.5:1 against what it is read on, so every
 * screen inherits AA contrast from the theme rather than from each component.
 */
export const accessibleColors: CSSVariablesResolver = (resolved: MantineTheme) => {
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  for (const [name, shades] of Object.entries(resolved.colors)) {
    if (name === 'dark') continue;
    const lightFilled = firstShadeReaching(shades, 6, 1, ['#ffffff']);
    const lightText = firstShadeReaching(shades, 6, 1, [...LIGHT_SURFACES, shades[1] ?? '#ffffff']);
    light[`--mantine-color-${name}-filled`] = lightFilled;
    light[`--mantine-color-${name}-filled-hover`] = darkenHex(lightFilled, 0.12);
    light[`--mantine-color-${name}-text`] = lightText;
    light[`--mantine-color-${name}-outline`] = lightText;
    light[`--mantine-color-${name}-light-color`] = firstShadeReaching(shades, 9, 1, [shades[1] ?? '#ffffff']);

    const darkFilled = firstShadeReaching(shades, 8, 1, ['#ffffff']);
    const darkLight = darkenHex(shades[9] ?? '#000000', 0.5);
    const darkText = firstShadeReaching(shades, 4, -1, [...DARK_SURFACES, darkLight]);
    dark[`--mantine-color-${name}-filled`] = darkFilled;
    dark[`--mantine-color-${name}-filled-hover`] = darkenHex(darkFilled, 0.12);
    dark[`--mantine-color-${name}-text`] = darkText;
    dark[`--mantine-color-${name}-outline`] = darkText;
    dark[`--mantine-color-${name}-light-color`] = firstShadeReaching(shades, 0, -1, [darkLight]);
  }
  const gray = resolved.colors.gray;
  const lightDimmed = firstShadeReaching(gray, 6, 1, LIGHT_SURFACES);
  const darkDimmed = firstShadeReaching(resolved.colors.dark, 2, -1, DARK_SURFACES);
  const primary = resolved.primaryColor;
  return {
    variables: {},
    light: {
      ...light,
      '--mantine-color-dimmed': lightDimmed,
      '--mantine-color-placeholder': lightDimmed,
      '--mantine-color-error': light['--mantine-color-red-text'] ?? '#c92a2a',
      '--mantine-color-anchor': light[`--mantine-color-${primary}-text`] ?? '#364fc7',
    },
    dark: {
      ...dark,
      '--mantine-color-dimmed': darkDimmed,
      '--mantine-color-placeholder': darkDimmed,
      '--mantine-color-error': dark['--mantine-color-red-text'] ?? '#ff8787',
      '--mantine-color-anchor': dark[`--mantine-color-${primary}-text`] ?? '#91a7ff',
    },
  };
};
