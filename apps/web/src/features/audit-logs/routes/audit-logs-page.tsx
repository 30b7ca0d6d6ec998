import { AUDIT_DEFAULT_PAGE_SIZE, AUDIT_PAGE_SIZES, type TAuditLog } from '@lending/domain';
import { Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { RefreshButton } from '../../../components/refresh-button';
import { saveCsv } from '../../../lib/save-file';
import { useListFilters } from '../../../lib/use-list-filters';
import { NO_AUDIT_FILTERS, useAuditLogs } from '../api/list-audit-logs';
import { AuditFilters } from '../components/audit-filters';
import { AuditTable } from '../components/audit-table';
import { AuditTimeline } from '../components/audit-timeline';
import { MetadataModal } from '../components/metadata-modal';
import {
  AUDIT_ACTION_DEBOUNCE_MS,
  auditCsvFileName,
  auditLogsCsv,
  type TAuditTimeRange,
  withinAuditRange,
} from '../lib/audit-logs';

type TView = 'table' | 'timeline';

const SIZE_OPTIONS = AUDIT_PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} per page` }));

/** Audit Logs (/admin/audit-logs, superadmin): every recorded change, as a table or a time line. */
export const AuditLogsPage = () => {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(AUDIT_DEFAULT_PAGE_SIZE);
  // The time range is not the server's: it narrows the page loaded and leaves the page number alone.
  const [range, setRange] = useState<TAuditTimeRange>('all');
  const filters = useListFilters({
    blank: NO_AUDIT_FILTERS,
    debounced: ['action'],
    debounceMs: AUDIT_ACTION_DEBOUNCE_MS,
    onApply: () => setPage(1),
  });
  const logs = useAuditLogs({ page, limit, ...filters.applied });
  const [view, setView] = useState<TView>('table');
  const [shown, setShown] = useState<TAuditLog | null>(null);

  const answer = logs.data;
  // The time range narrows only the page loaded, as the server pages by action and user alone.
  const rows = withinAuditRange(answer?.logs ?? [], range, new Date());
  const empty = logs.isPending
    ? 'Loading audit logs...'
    : logs.isError
      ? 'Failed to load audit logs'
      : rows.length === 0
        ? 'No audit logs found'
        : null;

  const handleExport = () => {
    saveCsv(auditLogsCsv(rows), auditCsvFileName(new Date()));
    notifications.show({ color: 'green', message: `Exported ${rows.length} audit log entries` });
  };

  const showMetadata = (log: TAuditLog) => setShown(log);

  return (
    <Stack gap="md" data-testid="page-audit-logs">
      <PageHeader
        testId="audit-logs-title"
        title="Audit Logs"
        subtitle="Who changed what, when and from where"
        align="flex-end"
      >
        <RefreshButton onClick={() => void logs.refetch()} loading={logs.isFetching} />
        <Button leftSection={<IconDownload size={16} />} onClick={handleExport} disabled={rows.length === 0}>
          Export CSV
        </Button>
      </PageHeader>
      <AuditFilters
        filters={filters}
        range={range}
        onRangeChange={setRange}
        onClear={() => {
          filters.clear();
          setRange('all');
          setPage(1);
        }}
      />
      <Group justify="space-between" gap="xs">
        <SegmentedControl
          value={view}
          onChange={(value) => setView(value as TView)}
          data={[
            { value: 'table', label: 'Table' },
            { value: 'timeline', label: 'Timeline' },
          ]}
          aria-label="View"
        />
        <Select
          aria-label="Page size"
          w={150}
          data={SIZE_OPTIONS}
          value={String(limit)}
          onChange={(value) => {
            setLimit(Number(value ?? limit));
            setPage(1);
          }}
          allowDeselect={false}
        />
      </Group>
      {view === 'table' ? (
        <AuditTable logs={rows} empty={empty} onShowMetadata={showMetadata} />
      ) : (
        <AuditTimeline logs={rows} empty={empty} onShowMetadata={showMetadata} />
      )}
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" data-testid="audit-summary">
          {`Showing ${rows.length} of ${answer?.logs.length ?? 0} on this page · ${answer?.total ?? 0} entries`}
        </Text>
        <Text size="sm" c="dimmed">
          {`Page ${page} of ${Math.max(answer?.totalPages ?? 0, 1)}`}
        </Text>
      </Group>
      <Pager page={page} totalPages={answer?.totalPages ?? 0} onChange={setPage} />
      <MetadataModal log={shown} onClose={() => setShown(null)} />
    </Stack>
  );
};
