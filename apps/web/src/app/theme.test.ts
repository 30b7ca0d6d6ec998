import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, firstShadeReaching, TEXT_CONTRAST } from './contrast';
import { accessibleColors, theme } from './theme';

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const { light, dark } = accessibleColors(resolved);
const colors = Object.keys(resolved.colors).filter((name) => name !== 'dark');
const { gray, dark: darks } = resolved.colors;

describe('contrast arithmetic', () => {
  it('matches WCAG’s figures for known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // Mantine's dimmed grey on white: the 3.32:1 an audit found.
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('walks past the palette’s end when no shade is dark enough', () => {
    const found = firstShadeReaching(['#ffff00', '#eeee00'], 0, 1, ['#ffffff']);
    expect(contrastRatio(found, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});

describe('the theme’s colours', () => {
  it.each(colors)('%s: white on its filled buttons and badges reaches 4.5:1 in both schemes', (name) => {
    for (const scheme of [light, dark])
      expect(contrastRatio(scheme[`--mantine-color-${name}-filled`] ?? '', '#ffffff')).toBeGreaterThanOrEqual(
        TEXT_CONTRAST,
      );
  });

  it.each(colors)('%s: coloured text reaches 4.5:1 on every surface it is read on', (name) => {
    const shades = resolved.colors[name] ?? [];
    for (const surface of ['#ffffff', gray[0], gray[1], shades[1] ?? '#ffffff'])
      expect(contrastRatio(light[`--mantine-color-${name}-text`] ?? '', surface)).toBeGreaterThanOrEqual(
        TEXT_CONTRAST,
      );
    for (const surface of [darks[7], darks[6], darks[8]])
      expect(contrastRatio(dark[`--mantine-color-${name}-text`] ?? '', surface)).toBeGreaterThanOrEqual(
        TEXT_CONTRAST,
      );
  });

  it.each(colors)('%s: a light badge’s words reach 4.5:1 on its own tint', (name) => {
    const shades = resolved.colors[name] ?? [];
    expect(
      contrastRatio(light[`--mantine-color-${name}-light-color`] ?? '', shades[1] ?? ''),
    ).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('dims secondary text no lighter than 4.5:1 on the page, cards and stripes', () => {
    for (const surface of ['#ffffff', gray[0], gray[1]])
      expect(contrastRatio(light['--mantine-color-dimmed'] ?? '', surface)).toBeGreaterThanOrEqual(
        TEXT_CONTRAST,
      );
    for (const surface of [darks[7], darks[6]])
      expect(contrastRatio(dark['--mantine-color-dimmed'] ?? '', surface)).toBeGreaterThanOrEqual(
        TEXT_CONTRAST,
      );
    expect(light['--mantine-color-placeholder']).toBe(light['--mantine-color-dimmed']);
  });
});
