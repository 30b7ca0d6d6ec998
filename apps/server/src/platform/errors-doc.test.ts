import { readFileSync } from 'node:fs';
import { errorCodesDocument } from '@lending/domain';
import { describe, expect, it } from 'vitest';

describe('docs/errors.md', () => {
  it('is the catalogue as generated (run `npm run docs:errors` after changing a code)', () => {
    const doc = readFileSync(new URL('../../../../docs/errors.md', import.meta.url), 'utf8');
    expect(doc).toBe(errorCodesDocument());
  });
});
