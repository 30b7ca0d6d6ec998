import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZAuditLogsQuery } from './audit-logs';
import { queryFields, ZPageQuery, ZQuery } from './common';
import * as schemas from './index';
import { blankToUndefined, ZCalendarDate, ZSearch } from './primitives';

/** Every exported query-string schema of the contracts (`Z…Query`), found by name so a new one is covered. */
const querySchemas = (Object.entries(schemas) as [string, unknown][]).filter(
  (entry): entry is [string, z.ZodObject] => /^Z\w+Query$/.test(entry[0]) && entry[1] instanceof z.ZodObject,
);

/** A parse outcome comparable across inputs: the value, or the refusal's messages. */
const outcome = (schema: z.ZodType, input: Record<string, unknown>) => {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? { value: parsed.data }
    : { refused: parsed.error.issues.map((issue) => issue.message) };
};

describe('blankToUndefined', () => {
  it('reads empty, spaces-only and null as absent, and passes anything else through', () => {
    for (const blank of ['', ' ', '\t  ', null]) expect(blankToUndefined(blank)).toBeUndefined();
    for (const value of ['0', 'a', ' a ', 0, false, undefined]) expect(blankToUndefined(value)).toBe(value);
  });
});

describe('ZQuery', () => {
  const ZExample = ZQuery({
    page: ZPageQuery,
    search: ZSearch,
    status: z.enum(['open', 'closed']).optional(),
    kind: z.enum(['all', 'cash']).default('all'),
    from: ZCalendarDate().optional(),
  });

  it('answers a blank parameter as if it were not sent, whatever its type', () => {
    const absent = ZExample.parse({});
    expect(absent).toEqual({ page: 1, kind: 'all' });
    expect(ZExample.parse({ page: '', search: '', status: '', kind: '', from: '' })).toEqual(absent);
    expect(ZExample.parse({ page: ' ', search: '   ', status: ' ', kind: '\t', from: ' ' })).toEqual(absent);
  });

  it('still checks every value that is sent', () => {
    expect(
      ZExample.parse({ page: '2', status: 'open', kind: 'cash', from: '2026-11-21', search: ' asha ' }),
    ).toEqual({ page: 2, status: 'open', kind: 'cash', from: '2026-11-21', search: 'asha' });
    for (const bad of [
      { page: '0' },
      { status: 'Open' },
      { kind: 'x' },
      { from: '2026-02-30' },
      { search: 'a\u0000' },
    ])
      expect(ZExample.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('keeps a required parameter required when it is sent blank', () => {
    const ZRequired = ZQuery({ id: z.any().refine((id) => id !== undefined, 'id is required') });
    expect(outcome(ZRequired, { id: '' })).toEqual({ refused: ['id is required'] });
  });

  it('extends with queryFields the same way', () => {
    const ZExtended = ZExample.extend(queryFields({ format: z.enum(['csv', 'pdf']).default('csv') }));
    expect(ZExtended.parse({ format: '' })).toEqual({ page: 1, kind: 'all', format: 'csv' });
  });

  it('documents the parameter as its own type, not as anything (the OpenAPI page and the fuzz tests read it)', () => {
    const json = z.toJSONSchema(ZExample, { io: 'input', unrepresentable: 'any' }) as {
      properties: Record<string, { enum?: unknown[] }>;
      required?: string[];
    };
    expect(json.properties.status?.enum).toEqual(['open', 'closed']);
    expect(json.required ?? []).toEqual([]);
  });
});

describe('every query-string schema of the contracts', () => {
  it('is found', () => {
    expect(querySchemas.length).toBeGreaterThanOrEqual(25);
  });

  it.each(querySchemas)('%s answers each parameter sent blank as if it were absent', (_, schema) => {
    const absent = outcome(schema, {});
    for (const key of Object.keys(schema.shape)) {
      for (const blank of ['', '  '])
        expect(outcome(schema, { [key]: blank }), `${key}=${JSON.stringify(blank)}`).toEqual(absent);
    }
    const allBlank = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, '']));
    expect(outcome(schema, allBlank)).toEqual(absent);
  });
});

describe('the audit log query', () => {
  it('accepts only page sizes 20, 50 and 100, default 50, and blank filters as none', () => {
    expect(ZAuditLogsQuery.parse({})).toEqual({ page: 1, limit: 50 });
    expect(ZAuditLogsQuery.parse({ limit: '20', action: ' ', userId: '' })).toEqual({ page: 1, limit: 20 });
    expect(ZAuditLogsQuery.safeParse({ limit: '30' }).error?.issues[0]?.message).toBe(
      'limit must be one of 20, 50, 100',
    );
  });
});
