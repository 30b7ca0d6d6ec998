import { AUDIT_DEFAULT_PAGE_SIZE } from '@lending/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { TAuditQuery } from '../api/list-audit-logs';
import type { TAuditTimeRange } from './audit-logs';

/** Typing the action waits this long before asking the server again. */
export const AUDIT_ACTION_DEBOUNCE_MS = 400;

/** The audit screen's filters: server ones (action, user, page, size) and the page-only time range. */
export const useAuditFilters = () => {
  const [action, setActionText] = useState('');
  const [userId, setUserIdValue] = useState('');
  const [range, setRange] = useState<TAuditTimeRange>('all');
  const [page, setPage] = useState(1);
  const [limit, setLimitValue] = useState(AUDIT_DEFAULT_PAGE_SIZE);
  const [debouncedAction] = useDebouncedValue(action, AUDIT_ACTION_DEBOUNCE_MS);

  // A new filter or page size starts again from the first page.
  const setAction = (value: string) => {
    setActionText(value);
    setPage(1);
  };
  const setUserId = (value: string) => {
    setUserIdValue(value);
    setPage(1);
  };
  const setLimit = (value: number) => {
    setLimitValue(value);
    setPage(1);
  };
  const clear = () => {
    setActionText('');
    setUserIdValue('');
    setRange('all');
    setPage(1);
  };

  const query: TAuditQuery = { page, limit, action: debouncedAction.trim(), userId };
  return {
    action,
    setAction,
    userId,
    setUserId,
    range,
    setRange,
    page,
    setPage,
    limit,
    setLimit,
    clear,
    query,
  };
};

export type TAuditFilters = ReturnType<typeof useAuditFilters>;
