import { sql } from 'drizzle-orm';
import { compareKept } from '../compare-repository';
import { defineFigure } from '../figure';

/** The audit trail's counts per action, folded from settled rows. */
export const auditActionCounts = defineFigure({
  name: 'audit-action-counts',
  meaning:
    "Per action, the audit rows up to the fold's mark: the audit trail's totals without counting its millions of rows.",
  tables: ['audit_action_counts', 'audit_count_marks'],
  keeping: 'housekeeping',
  why: 'The audit log is append-only and read by the superadmin only: its counts may trail by the ten minutes a row takes to settle, and the screen adds the rows after the mark.',
  ledgerKinds: 'none',
  rebuild: null,
  checks: [
    compareKept({
      key: ['action'],
      sums: ['total'],
      // Up to the fold's mark: rows after it are counted by the reader, not kept.
      definition: sql`select a.action, count(*) as total from audit_logs a
        where a.id <= coalesce((select through_id from audit_count_marks where id = 1), 0) group by 1`,
      kept: sql`select action, total from audit_action_counts`,
      label: (row) => `audit count of ${row.action}`,
    }),
  ],
  readBy: ['GET /api/admin/audit-logs'],
});
