import type { TAuditLog } from '@lending/domain';
import { describe, expect, it } from 'vitest';
import {
  auditCategoryOf,
  auditCsvFileName,
  auditLogsCsv,
  formatAuditTime,
  withinAuditRange,
} from './audit-logs';

const log = (overrides: Partial<TAuditLog> = {}): TAuditLog => ({
  id: 1,
  user_id: 7,
  action: 'role_created',
  resource_type: 'role',
  resource_id: '3',
  ip_address: '127.0.0.1',
  user_agent: 'test',
  metadata: { name: 'Auditor' },
  created_at: '2026-11-24T03:35:01.000Z',
  actor: 'Asha',
  ...overrides,
});

describe('audit log rules', () => {
  it.each([
    ['user_created', 'user'],
    ['role_deleted', 'role'],
    ['permissions_updated', 'role'],
    ['emi_paid', 'emi'],
    ['expense_deleted', 'expense'],
    ['support_status_updated', 'support'],
    ['app_version_updated', 'app'],
    ['login', 'login'],
    ['login_failed', 'login'],
    ['loan_created', 'other'],
  ])('puts %s in category %s', (action, category) => {
    expect(auditCategoryOf(action)).toBe(category);
  });

  it('formats times in Asia/Kolkata as DD-MMM-YYYY HH:mm:ss', () => {
    expect(formatAuditTime('2026-11-24T03:35:01.000Z')).toBe('24-Nov-2026 09:05:01');
    expect(formatAuditTime('2026-12-31T20:00:00.000Z')).toBe('01-Jan-2027 01:30:00');
  });

  it('keeps the rows of the loaded page within the range', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const rows = [
      log({ id: 1, created_at: '2026-11-24T01:00:00Z' }),
      log({ id: 2, created_at: '2026-11-20T01:00:00Z' }),
      log({ id: 3, created_at: '2026-10-30T01:00:00Z' }),
      log({ id: 4, created_at: '2026-09-01T01:00:00Z' }),
    ];
    expect(withinAuditRange(rows, 'all', now).map((r) => r.id)).toEqual([1, 2, 3, 4]);
    expect(withinAuditRange(rows, '24h', now).map((r) => r.id)).toEqual([1]);
    expect(withinAuditRange(rows, '7d', now).map((r) => r.id)).toEqual([1, 2]);
    expect(withinAuditRange(rows, '30d', now).map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('exports CSV with metadata as JSON and formula-like text defused', () => {
    const csv = auditLogsCsv([log({ actor: '=HYPERLINK("x")' })]);
    const [header, row] = csv.split('\r\n');
    expect(header).toMatch(/^ID,Time \(IST\),Actor,/);
    expect(row).toContain('24-Nov-2026 09:05:01');
    expect(row).toContain('"{""name"":""Auditor""}"');
    expect(row).not.toMatch(/,=HYPERLINK/);
  });

  it('names the export with a timestamp', () => {
    expect(auditCsvFileName(new Date('2026-11-24T09:05:01.123Z'))).toBe('audit-logs-2026-11-24T09-05-01.csv');
  });
});
