import { describe, expect, it } from 'vitest';
import { excelSerialDate, readDate } from './dates';

const value = (read: { ok: boolean; value?: string | null; message?: string }) =>
  read.ok ? read.value : `! ${read.message}`;

describe('readDate from text', () => {
  it('reads the ways Indian sheets write a date', () => {
    const cases: [string, string][] = [
      ['05/11/2026', '2026-11-05'],
      ['5/11/2026', '2026-11-05'],
      ['05-11-2026', '2026-11-05'],
      ['05.11.2026', '2026-11-05'],
      ['05/11/26', '2026-11-05'],
      ['2026-11-05', '2026-11-05'],
      ['2026/11/5', '2026-11-05'],
      ['5-Nov-2026', '2026-11-05'],
      ['05 Nov 2026', '2026-11-05'],
      ['5 November 2026', '2026-11-05'],
      ['5th Nov 2026', '2026-11-05'],
      ['5-Sept-26', '2026-09-05'],
      ['Nov 5, 2026', '2026-11-05'],
      ['05/11/2026 10:32', '2026-11-05'],
      ['05/11/2026 10:32:15 AM', '2026-11-05'],
      ['2026-11-05T10:32:00', '2026-11-05'],
      ['13/01/2026', '2026-01-13'],
      ['29/02/2028', '2028-02-29'],
    ];
    for (const [text, date] of cases) expect(value(readDate(text)), text).toBe(date);
  });

  it('refuses dates that do not exist', () => {
    expect(value(readDate('31/04/2026'))).toBe("! '31/04/2026' is not a real date");
    expect(value(readDate('29/02/2026'))).toBe("! '29/02/2026' is not a real date");
    expect(value(readDate('2026-13-01'))).toBe("! '2026-13-01' is not a real date");
    expect(value(readDate('00/01/2026'))).toBe("! '00/01/2026' is not a real date");
  });

  it('refuses month-first dates instead of guessing, and what is not a date', () => {
    expect(value(readDate('11/25/2026'))).toBe(
      "! '11/25/2026' reads as month/day/year; write dates as DD/MM/YYYY",
    );
    expect(value(readDate('tomorrow'))).toBe("! 'tomorrow' is not a date; write it as DD/MM/YYYY");
    expect(value(readDate('5-Nox-2026'))).toMatch(/is not a date/);
    expect(value(readDate('2026-11-05T10:32:00Z'))).toMatch(/is not a date/);
  });

  it("refuses dates outside the book's calendar", () => {
    expect(value(readDate('31/12/1999'))).toBe(
      "! '31/12/1999' is outside the book's dates (01/01/2000 to 31/12/2099)",
    );
    expect(value(readDate('01/01/2100'))).toMatch(/outside the book's dates/);
  });

  it('keeps an empty cell empty', () => {
    expect(value(readDate(''))).toBeNull();
    expect(value(readDate(null))).toBeNull();
  });
});

describe('Excel serial dates', () => {
  it('counts the 1900 system with its 29/02/1900 that never was', () => {
    const iso = (serial: number) => {
      const read = excelSerialDate(serial);
      return read.ok ? read.value : read.message;
    };
    // Outside the book's calendar, but the arithmetic is what the serials mean.
    expect(iso(1)).toMatch(/'01\/01\/1900' is outside/);
    expect(iso(59)).toMatch(/'28\/02\/1900' is outside/);
    expect(iso(60)).toBe("'29/02/1900' is not a real date");
    expect(iso(61)).toMatch(/'01\/03\/1900' is outside/);
    expect(iso(36526)).toBe('2000-01-01');
    expect(iso(45658)).toBe('2025-01-01');
    expect(iso(46331)).toBe('2026-11-05');
    expect(iso(46331.75)).toBe('2026-11-05');
    expect(iso(73050)).toBe('2099-12-31');
    expect(iso(73051)).toMatch(/'01\/01\/2100' is outside/);
  });

  it('reads a serial cell, and a serial that reached a CSV as text', () => {
    expect(value(readDate(46331))).toBe('2026-11-05');
    expect(value(readDate('46331'))).toBe('2026-11-05');
  });

  it('counts the 1904 system from 01/01/1904', () => {
    expect(value(readDate(46331 - 1462, true))).toBe('2026-11-05');
  });

  it('refuses numbers that are no date', () => {
    expect(value(readDate(0))).toBe("! '0' is not a date; write it as DD/MM/YYYY");
    expect(value(readDate(-5))).toMatch(/is not a date/);
    expect(value(readDate(3_000_000))).toMatch(/is not a date/);
    expect(value(readDate(Number.NaN))).toMatch(/is not a date/);
  });
});
