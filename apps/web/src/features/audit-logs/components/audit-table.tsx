import type { TAuditLog } from '@lending/domain';
import { Button, Code, Table, Text } from '@mantine/core';
import { ListTable } from '../../../components/list-table';
import { formatAuditTime } from '../lib/audit-logs';
import { CategoryBadge, resourceText } from './category-badge';

const COLUMNS = ['Time (IST)', 'User', 'Action', 'Category', 'Resource', 'IP Address', 'Details'] as const;

type TAuditTableProps = {
  logs: readonly TAuditLog[];
  empty: string | null;
  onShowMetadata: (log: TAuditLog) => void;
};

/** One line per recorded change. */
export const AuditTable = ({ logs, empty, onShowMetadata }: TAuditTableProps) => (
  <ListTable columns={COLUMNS} minWidth={900} fz="sm" empty={empty} data-testid="audit-table">
    {logs.map((log) => (
      <Table.Tr key={log.id} data-testid={`audit-row-${log.id}`}>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatAuditTime(log.created_at)}</Table.Td>
        <Table.Td>{log.actor ?? 'System'}</Table.Td>
        <Table.Td>
          <Code>{log.action}</Code>
        </Table.Td>
        <Table.Td>
          <CategoryBadge action={log.action} />
        </Table.Td>
        <Table.Td>{resourceText(log.resource_type, log.resource_id)}</Table.Td>
        <Table.Td>
          <Text size="sm" c={log.ip_address ? undefined : 'dimmed'}>
            {log.ip_address ?? '-'}
          </Text>
        </Table.Td>
        <Table.Td>
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={() => onShowMetadata(log)}
            aria-label={`View metadata of entry ${log.id}`}
          >
            View
          </Button>
        </Table.Td>
      </Table.Tr>
    ))}
  </ListTable>
);
