import type { TImport } from '@lending/domain';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ListTable } from '../../../components/list-table';
import { formatDate } from '../../../lib/format';
import { formatCount, formatImportTime, importedRows } from '../lib/imports';
import { ImportStatusBadge } from './import-status-badge';

const COLUMNS = ['File', 'Status', 'Cut-over day', 'Rows', 'Errors', 'Uploaded by', 'Uploaded'];

/** The recent imports, each opening the wizard where it stands; on a phone, cards. */
export const RecentImports = ({ imports, empty }: { imports: TImport[]; empty: string | null }) => (
  <ListTable minWidth={860} columns={COLUMNS} empty={empty} highlightOnHover data-testid="recent-imports">
    {imports.map((item) => (
      <Table.Tr key={item.id} data-testid={`import-row-${item.id}`}>
        <Table.Td>
          <Anchor
            component={Link}
            to={`/admin/import/${item.id}`}
            fw={600}
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {item.fileName}
          </Anchor>
          <Text size="xs" c="dimmed">{`#${item.id}`}</Text>
        </Table.Td>
        <Table.Td>
          <ImportStatusBadge status={item.status} />
        </Table.Td>
        <Table.Td>{formatDate(item.cutOverDate)}</Table.Td>
        <Table.Td>{formatCount(importedRows(item))}</Table.Td>
        <Table.Td>{item.checkedAt === null ? '-' : formatCount(item.errorCount)}</Table.Td>
        <Table.Td>{item.uploadedBy?.name ?? '-'}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatImportTime(item.createdAt)}</Table.Td>
      </Table.Tr>
    ))}
  </ListTable>
);
