import type { ImportStatus } from '@lending/domain';
import { Badge } from '@mantine/core';
import { IMPORT_STATUS_COLORS, IMPORT_STATUS_LABELS } from '../lib/imports';

/** An import's status in its colour, never cut short. */
export const ImportStatusBadge = ({ status }: { status: ImportStatus }) => (
  <Badge color={IMPORT_STATUS_COLORS[status]} variant="light" miw="max-content">
    {IMPORT_STATUS_LABELS[status]}
  </Badge>
);
