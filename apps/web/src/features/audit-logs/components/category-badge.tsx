import { Badge } from '@mantine/core';
import { AUDIT_CATEGORY_LABELS, auditCategoryOf, type TAuditCategory } from '../lib/audit-logs';

export const CATEGORY_COLORS: Record<TAuditCategory, string> = {
  user: 'blue',
  role: 'grape',
  emi: 'teal',
  expense: 'orange',
  support: 'cyan',
  app: 'indigo',
  login: 'green',
  other: 'gray',
};

/** The action's category, coloured the same in the table and on the timeline. */
export const CategoryBadge = ({ action }: { action: string }) => {
  const category = auditCategoryOf(action);
  return (
    <Badge variant="light" color={CATEGORY_COLORS[category]} size="sm">
      {AUDIT_CATEGORY_LABELS[category]}
    </Badge>
  );
};

/** What a row acted on: 'role #3', or '-' when nothing is named. */
export const resourceText = (type: string | null, id: string | null): string =>
  type === null ? '-' : id === null ? type : `${type} #${id}`;
