import { defuseCsvText } from '../files/csv';
import { formatRupees, type Paise, parseRupees, plainRupees } from '../money/paise';
import { formatDdMmYyyy, type IsoDate } from '../time/ist';

/** Where a report is read: its CSV export, its screen, its PDF. */
export type ReportPlace = 'csv' | 'screen' | 'pdf';

/**
 * One column of a report: its header in each place it shows (none: not shown there) and what it
 * holds for a line: money in paise (2 decimals unless 'auto'), a calendar day, or text, `typed` when a
 * person typed it (a name, a note) so that it is defused before it reaches a CSV cell.
 */
export type ReportColumnSpec<Line> = {
  key: string;
  headers: Partial<Record<ReportPlace, string>>;
  /** The CSV cell, where it is not the value's usual CSV text. */
  csv?: (line: Line) => string | number;
} & (
  | { paise: (line: Line) => Paise; decimals?: 2 | 'auto' }
  | { day: (line: Line) => IsoDate }
  | { text: (line: Line) => string; typed?: boolean }
);

/** A column as one place shows it: its header, whether it holds money, and a line's cell. */
export type ReportColumn<Line> = {
  key: string;
  header: string;
  money: boolean;
  cell: (line: Line) => string | number;
};

/**
 * Rupees of an API answer (which the server's exports read too) as their exact paise; never throws,
 * since a screen must still draw: what is not an amount reads '₹-'.
 */
export const paiseOfRupees = (rupees: number): Paise => {
  const parsed = parseRupees(rupees);
  return parsed.ok ? parsed.paise : Number.NaN;
};

/** Spreadsheets get plain numbers and ISO days; screens and PDFs '₹1,234.50' and 'DD-MM-YYYY'. */
const cellOf = <Line>(
  spec: ReportColumnSpec<Line>,
  place: ReportPlace,
): ((line: Line) => string | number) => {
  if (place === 'csv' && spec.csv !== undefined) return spec.csv;
  if ('paise' in spec) {
    const { paise, decimals = 2 } = spec;
    return place === 'csv'
      ? (line) => plainRupees(paise(line))
      : (line) => formatRupees(paise(line), decimals);
  }
  if ('day' in spec) return place === 'csv' ? spec.day : (line) => formatDdMmYyyy(spec.day(line));
  const { text, typed } = spec;
  return place === 'csv' && typed ? (line) => defuseCsvText(text(line)) : text;
};

/** The columns a place shows, in the report's order, with their header and cell there. */
export const reportColumns = <Line>(
  specs: readonly ReportColumnSpec<Line>[],
  place: ReportPlace,
): ReportColumn<Line>[] =>
  specs.flatMap((spec) => {
    const header = spec.headers[place];
    return header === undefined
      ? []
      : [{ key: spec.key, header, money: 'paise' in spec, cell: cellOf(spec, place) }];
  });
