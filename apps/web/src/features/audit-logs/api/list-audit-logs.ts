import type { TAuditLogsResponse } from '@lending/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** What the server filters and pages by; the time range is applied to the loaded page instead. */
export type TAuditQuery = { page: number; limit: number; action: string; userId: string };

/** The filters typed on the screen ('' for none). */
export type TAuditFilters = Pick<TAuditQuery, 'action' | 'userId'>;

export const NO_AUDIT_FILTERS: TAuditFilters = { action: '', userId: '' };

export const auditLogsKeys = { all: ['audit-logs'] as const };

/** GET /admin/audit-logs → {logs, total, totalPages, page}; blank filters are left out. */
export const fetchAuditLogs = ({ page, limit, action, userId }: TAuditQuery, signal?: AbortSignal) =>
  api.get<TAuditLogsResponse>('/admin/audit-logs', {
    query: { page, limit, action: action.trim() || undefined, userId: userId || undefined },
    signal,
  });

export const auditLogsQueryOptions = (query: TAuditQuery) =>
  queryOptions({
    queryKey: [...auditLogsKeys.all, 'list', query],
    queryFn: ({ signal }) => fetchAuditLogs(query, signal),
    placeholderData: keepPreviousData,
  });

export const useAuditLogs = (query: TAuditQuery) => useQuery(auditLogsQueryOptions(query));
