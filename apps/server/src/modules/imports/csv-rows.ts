import { type Readable, Transform } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { AppError } from '../../platform/errors';
import type { RawRow, RawSheet } from './xlsx-rows';

/** The delimiters a CSV may use: spreadsheets write a comma, or a semicolon where the comma is the decimal mark, or a tab. */
const DELIMITERS = [',', ';', '\t'] as const;
/** A CSV row (a record, quoted newlines included) longer than this is refused rather than held. */
const MAX_RECORD_CHARACTERS = 1_000_000;

/** The delimiter of the header line: the one it has most of outside quotes (a comma when it has none). */
export const sniffDelimiter = (sample: string): string => {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of sample.replace(/^\uFEFF/, '')) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
};

/** UTF-16 text (Excel's "Unicode text") as UTF-8, a character split between chunks kept whole. */
const toUtf8 = (encoding: 'utf-16le' | 'utf-16be') => {
  const decoder = new TextDecoder(encoding);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, Buffer.from(decoder.decode(chunk, { stream: true })));
    },
    flush(done) {
      done(null, Buffer.from(decoder.decode()));
    },
  });
};

const CSV_TROUBLE: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quote is opened and never closed',
  CSV_INVALID_CLOSING_QUOTE: 'a closing quote is followed by more text in the same cell',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a closing quote is followed by more text in the same cell',
  CSV_MAX_RECORD_SIZE: `a row is longer than ${MAX_RECORD_CHARACTERS.toLocaleString('en-IN')} characters`,
};

async function* recordsOf(source: Readable, delimiter: string): AsyncGenerator<RawRow> {
  const parser = parse({
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: MAX_RECORD_CHARACTERS,
  });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let rowNumber = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNumber += 1;
      yield { rowNumber, cells: record };
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const trouble = CSV_TROUBLE[error.code] ?? error.message;
    // The rows it parsed before failing, whether or not they reached the loop above.
    const parsed = (error as CsvError & { records?: number }).records ?? rowNumber;
    throw new AppError(
      'IMPORT_FILE_UNREADABLE',
      `The CSV file cannot be read from row ${parsed + 1}: ${trouble}`,
    );
  } finally {
    source.unpipe(parser);
    parser.destroy();
  }
}

/**
 * A CSV file as one sheet named `name`: its delimiter sniffed from the header line, a UTF-8 BOM
 * dropped, UTF-16 read too; rows numbered as a spreadsheet shows them (blank lines counted).
 */
export const csvSheet = (
  stream: Readable,
  { name, encoding, sample }: { name: string; encoding: 'utf-8' | 'utf-16le' | 'utf-16be'; sample: string },
): RawSheet => {
  const source = encoding === 'utf-8' ? stream : stream.pipe(toUtf8(encoding));
  return { name, date1904: false, rows: recordsOf(source, sniffDelimiter(sample)), merges: () => [] };
};
