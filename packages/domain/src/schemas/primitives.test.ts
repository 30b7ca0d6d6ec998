import { describe, expect, it } from 'vitest';
import { isWellFormedText, ZCalendarDate, ZSearch, ZText } from './primitives';

describe('ZText', () => {
  it('refuses NUL and C0 control characters, naming the field', () => {
    for (const text of ['a\u0000b', '\u0001', 'bell\u0007', 'esc\u001b[2J', '\u000b', '\u000c']) {
      const parsed = ZText('name').safeParse(text);
      expect(parsed.success, JSON.stringify(text)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('name must not contain control characters');
    }
  });

  it('keeps tab, newline, carriage return and any printable text', () => {
    for (const text of ['a\tb', 'line 1\nline 2\r\n', 'आशा वर्मा', '₹ 1,000', '']) {
      expect(ZText('address').safeParse(text).success, JSON.stringify(text)).toBe(true);
    }
  });

  it('is checked in every search', () => {
    expect(ZSearch.safeParse('a\u0000').success).toBe(false);
    expect(ZSearch.parse('  asha ')).toBe('asha');
  });
});

describe('ZCalendarDate', () => {
  it('accepts real days from 2000-01-01 to 2099-12-31', () => {
    for (const date of ['2000-01-01', '2024-02-29', '2099-12-31'])
      expect(ZCalendarDate().parse(date)).toBe(date);
  });

  it('refuses impossible days and days outside the range', () => {
    expect(
      ZCalendarDate()
        .safeParse('2026-02-30')
        .error?.issues.map((i) => i.message),
    ).toEqual(['Date must be a valid YYYY-MM-DD date']);
    expect(ZCalendarDate().safeParse('0001-01-01').success).toBe(false);
    for (const date of ['1999-12-31', '2100-01-01', '9999-12-31']) {
      expect(ZCalendarDate().safeParse(date).error?.issues[0]?.message).toBe(
        'Date must be between 2000-01-01 and 2099-12-31',
      );
    }
  });
});

describe('isWellFormedText', () => {
  it('takes plain text, Indian scripts and surrogate pairs', () => {
    for (const text of ['', 'Ramesh Kumar', 'रमेश कुमार', 'ok 😀', '😀😀'])
      expect(isWellFormedText(text)).toBe(true);
  });

  it('refuses half a surrogate pair anywhere in the text', () => {
    for (const text of ['\udfff', 'x\udfffy', '\ud83d', 'end \ud83d', '\ude00\ud83d', '😀\udfff'])
      expect(isWellFormedText(text)).toBe(false);
  });
});
