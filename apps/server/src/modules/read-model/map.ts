import { LEDGER_KINDS, type LedgerKind } from '@lending/domain';
import type { KeptFigure } from './figure';
import { KEPT_FIGURES } from './figures';
import { PROJECTIONS } from './projector/service';
import { type KeptSqlFile, readKeptSqlFiles } from './sql-files';

/** Where a figure lives in the code: its declaration and, when triggers keep it, its SQL. */
export const figureFiles = (figure: KeptFigure, files: readonly KeptSqlFile[]): string[] => {
  const base = 'apps/server/src/modules/read-model';
  const sqlFile = files.find((file) => file.name === figure.name);
  return [`${base}/figures (${figure.name})`, ...(sqlFile ? [`${base}/sql/${sqlFile.name}.sql`] : [])];
};

/** The writes that move a figure: the tables its triggers are on, or the housekeeping run. */
export const movedBy = (figure: KeptFigure, files: readonly KeptSqlFile[]): string[] => {
  if (figure.keeping === 'housekeeping') return ['the hourly housekeeping run'];
  const projection = PROJECTIONS.find((candidate) => candidate.figure === figure.name);
  if (projection) return [`\`${projection.source}\` (the projector, after commit)`];
  const file = files.find((candidate) => candidate.name === figure.name);
  const triggered = [...new Set(file?.triggers.map((trigger) => trigger.table) ?? [])].sort();
  // A figure another figure's fold also moves (its EMI states, its loans' dates) names that source too.
  const folder = PROJECTIONS.find((candidate) => candidate.alsoFolds?.includes(figure.name));
  return folder ? [...triggered, `\`${folder.source}\` (the projector, after commit)`] : triggered;
};

/** The ledger kinds a figure counts, as the map says them. */
const kindsOf = (figure: KeptFigure): string =>
  typeof figure.ledgerKinds === 'string' ? figure.ledgerKinds : figure.ledgerKinds.join(', ');

/**
 * What adding a ledger row kind asks of the read model: each figure that counts ledger rows must
 * decide whether it counts the new kind (its declaration and SQL change), and the figures keyed by
 * kind take it as they are (their totals grow a row per day for it).
 */
export const ledgerKindImpact = (
  kind: string,
  figures: readonly KeptFigure[] = KEPT_FIGURES,
  files: readonly KeptSqlFile[] = readKeptSqlFiles(),
) => {
  const known = (LEDGER_KINDS as readonly string[]).includes(kind);
  const counting = figures.filter((figure) => figure.ledgerKinds !== 'none');
  return {
    kind,
    known,
    /** Figures that name the kinds they count: each must decide about a new kind. */
    mustDecide: known
      ? []
      : counting
          .filter((figure) => figure.ledgerKinds !== 'every kind')
          .map((figure) => ({ figure: figure.name, files: figureFiles(figure, files) })),
    /** Figures keyed by kind: a row of the new kind moves them with no change. */
    takeItAsItIs: counting
      .filter((figure) => figure.ledgerKinds === 'every kind')
      .map((figure) => figure.name),
    /** Figures that count rows of this kind today. */
    countIt: known
      ? counting
          .filter(
            (figure) =>
              figure.ledgerKinds === 'every kind' || figure.ledgerKinds.includes(kind as LedgerKind),
          )
          .map((figure) => figure.name)
      : [],
  };
};

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/**
 * The read model's map in Markdown: per kept figure, its tables, which writes move it, how it is
 * kept, the ledger kinds it counts, how it is rebuilt and who reads it. Written into
 * docs/ARCHITECTURE.md by `npm run docs:read-model`; a test fails when the two differ.
 */
export const readModelMap = (
  figures: readonly KeptFigure[] = KEPT_FIGURES,
  files: readonly KeptSqlFile[] = readKeptSqlFiles(),
): string => {
  const rows = figures.map((figure) =>
    [
      `\`${figure.name}\``,
      figure.tables.map((table) => `\`${table}\``).join(', '),
      movedBy(figure, files)
        .map((table) => (table.includes(' ') || table.includes('`') ? table : `\`${table}\``))
        .join(', '),
      figure.keeping,
      kindsOf(figure),
      figure.rebuild ? `\`${figure.rebuild}\`` : '–',
      figure.readBy.map((reader) => `\`${reader}\``).join(', ') || '–',
    ]
      .map(cell)
      .join(' | '),
  );
  const others = files
    .filter((file) => !figures.some((figure) => figure.name === file.name))
    .map(
      (file) =>
        `- \`sql/${file.name}.sql\`: ${[...file.functions, ...file.views].map((name) => `\`${name}\``).join(', ')}`,
    );
  return [
    '| figure | kept in | moved by writes to | kept by | ledger kinds it counts | rebuilt by | read by |',
    '|---|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
    '',
    'SQL that is no figure of its own:',
    '',
    ...others,
    '',
  ].join('\n');
};
