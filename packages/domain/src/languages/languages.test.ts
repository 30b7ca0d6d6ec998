import { describe, expect, it } from 'vitest';
import { isScreenLanguage, screenLanguageFor } from '.';

describe('screen languages', () => {
  it('takes the first preferred language the product has, by its primary subtag', () => {
    expect(screenLanguageFor(['fr-FR', 'ta-IN', 'hi'])).toBe('ta');
    expect(screenLanguageFor(['HI-in'])).toBe('hi');
    expect(screenLanguageFor(['mr'])).toBe('mr');
  });

  it('falls back to English when none is offered or none is known', () => {
    expect(screenLanguageFor([])).toBe('en');
    expect(screenLanguageFor(['bn-IN', 'fr'])).toBe('en');
  });

  it('knows only its own codes', () => {
    expect(isScreenLanguage('ta')).toBe(true);
    expect(isScreenLanguage('ta-IN')).toBe(false);
    expect(isScreenLanguage(undefined)).toBe(false);
  });
});
