import { ERROR_CODES, ERROR_DESCRIPTIONS, ERROR_HTTP_STATUS } from './catalogue';

const escapeCell = (text: string): string => text.replaceAll('|', '\\|');

/** The catalogue as a Markdown table, ordered by status then code: code, status, meaning. */
export const errorCodesTable = (): string => {
  const rows = [...ERROR_CODES]
    .sort((a, b) => ERROR_HTTP_STATUS[a] - ERROR_HTTP_STATUS[b] || a.localeCompare(b))
    .map((code) => `| \`${code}\` | ${ERROR_HTTP_STATUS[code]} | ${escapeCell(ERROR_DESCRIPTIONS[code])} |`);
  return ['| code | status | meaning |', '|---|---|---|', ...rows].join('\n');
};

/** docs/errors.md, generated from the catalogue (`npm run docs:errors`); a test keeps the two equal. */
export const errorCodesDocument = (): string =>
  [
    '# Error codes',
    '',
    '<!-- Generated from packages/domain/src/errors by `npm run docs:errors`; do not edit by hand. -->',
    '',
    'Every refused or failed call answers `{code, message, errors?}`: `code` is one of the stable codes',
    'below, `message` is for people (it may be reworded; never branch on it), and `errors` lists the',
    'fields at fault as `{param, msg}` when the refusal is about fields. Each code always comes with the',
    'same HTTP status. Sign-in and registration throttling (`ACCOUNT_LOCKED`, `TOO_MANY_ATTEMPTS`) also send `Retry-After`.',
    '',
    errorCodesTable(),
    '',
  ].join('\n');
