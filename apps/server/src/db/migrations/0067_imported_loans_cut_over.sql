-- Loans taken over before loans kept their cut-over day: it is in the audit row the import wrote for
-- each. Setting it moves the loan's kept portfolio days and its day of leaving the book by the
-- triggers that watch the column, and drops the stored closed days from its first day on.
UPDATE loans l SET cut_over_date = (a.metadata->>'cut_over_date')::date
FROM audit_logs a
WHERE a.action = 'loan_imported' AND a.resource_type = 'loan' AND a.resource_id = l.id::text
  AND l.cut_over_date IS NULL AND a.metadata ? 'cut_over_date';
