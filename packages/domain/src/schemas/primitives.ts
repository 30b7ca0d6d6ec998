import { z } from 'zod';
import { isIsoDate } from '../time/ist';

/**
 * NUL and the C0 control characters, tab, newline and carriage return excepted. They have no place
 * in a name, an address or a search; NUL is refused by PostgreSQL itself (a server error), and the
 * others hide text or move the cursor when a log or a CSV is read in a terminal.
 */
export const hasNoControlCharacters = (text: string): boolean => {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return false;
  }
  return true;
};

/**
 * True when the text is well-formed Unicode: no half of a surrogate pair on its own. JSON can carry
 * one (`"\udfff"`), and PostgreSQL refuses it inside a jsonb value (an audit row's metadata), so it
 * must be refused as bad input before anything is written.
 */
export const isWellFormedText = (text: string): boolean => {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      index += 1;
    } else if (code >= 0xdc00 && code <= 0xdfff) return false;
  }
  return true;
};

export const controlCharactersMessage = (label: string) => `${label} must not contain control characters`;

/**
 * Every text a person types: a string free of control characters (checked before any trim). Chain
 * `.trim()`, `.min()`, `.max()` as usual; `params` carries the "required" message.
 */
export const ZText = (label: string, params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(hasNoControlCharacters, controlCharactersMessage(label));

/**
 * A query parameter sent blank (empty or only spaces) or null: the filter is not set. A screen's "All"
 * sends `status=`, an emptied search box `search=`; both must answer as if the parameter were absent.
 */
export const blankToUndefined = (value: unknown): unknown =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

export const SEARCH_MAX = 100;

/** The `search` of every list: trimmed, at most 100 characters, optional. */
export const ZSearch = ZText('search')
  .trim()
  .max(SEARCH_MAX, `search must be at most ${SEARCH_MAX} characters`)
  .optional();

/** The calendar dates the product deals in; anything outside is a typing mistake or an attack. */
export const DATE_MIN = '2000-01-01';
export const DATE_MAX = '2099-12-31';

export const dateMessages = {
  invalid: 'Date must be a valid YYYY-MM-DD date',
  range: `Date must be between ${DATE_MIN} and ${DATE_MAX}`,
} as const;

/** A real calendar day within DATE_MIN … DATE_MAX (ISO dates compare as text). */
export const isDateInRange = (date: string): boolean => date >= DATE_MIN && date <= DATE_MAX;

/** A calendar date 'YYYY-MM-DD' that exists (no 2026-02-30) and lies within DATE_MIN … DATE_MAX. */
export const ZCalendarDate = (invalid: string = dateMessages.invalid) =>
  z
    .string({ error: invalid })
    .refine(isIsoDate, { error: invalid, abort: true })
    .refine(isDateInRange, dateMessages.range);
