import type { TOverdueLoanGroup } from '@lending/domain';
import { ActionIcon, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { EmptyList, type TEmptyTexts } from '../../../components/empty-list';
import { formatDay, formatPaise } from '../lib/format';
import { VirtualList } from './virtual-list';

/** 60 px rows in a 400 px high window; the next page loads within 5 rows of the end. */
const ROW_HEIGHT = 60;
const LIST_HEIGHT = 400;
const PREFETCH_ROWS = 5;

/** What the overdue list says without rows. */
export const OVERDUE_EMPTY: TEmptyTexts = {
  title: 'No overdue EMIs found',
  text: 'All EMIs are up to date!',
  loading: 'Loading overdue EMIs...',
};

export type TOverdueView = 'summary' | 'details';

type TOverdueListProps = {
  groups: TOverdueLoanGroup[];
  view: TOverdueView;
  phone: boolean;
  loading: boolean;
  canLoadMore: boolean;
  onNearEnd: () => void;
  onDetails: (group: TOverdueLoanGroup) => void;
  onCollect: (group: TOverdueLoanGroup) => void;
  /** The search the groups answer: a new one scrolls the list back to its first row. */
  search?: string;
};

type TColumn = { label: string; width: string; cell: (group: TOverdueLoanGroup) => string };

const SUMMARY_COLUMNS: TColumn[] = [
  { label: 'Customer', width: 'minmax(110px, 1.6fr)', cell: (group) => group.customer_name },
  { label: 'Mobile', width: 'minmax(92px, 1fr)', cell: (group) => group.customer_mobile ?? '-' },
  { label: 'Loan Code', width: 'minmax(86px, 1fr)', cell: (group) => group.loan_code },
  { label: 'Overdue Since', width: 'minmax(120px, 1fr)', cell: (group) => formatDay(group.overdue_since) },
  { label: 'Count', width: '52px', cell: (group) => String(group.count) },
];
const DETAIL_COLUMNS: TColumn[] = [
  { label: 'EMI Nos.', width: 'minmax(72px, 1fr)', cell: (group) => group.overdue_emi_numbers.join(', ') },
  { label: 'EMI Amount', width: 'minmax(96px, 1fr)', cell: (group) => formatPaise(group.total_emi_amount) },
  {
    label: 'Late Charges',
    width: 'minmax(90px, 1fr)',
    cell: (group) => formatPaise(group.total_late_charges),
  },
];
const TOTAL_COLUMN: TColumn = {
  label: 'Total Due',
  width: 'minmax(90px, 1fr)',
  cell: (group) => formatPaise(group.total_due),
};
/** Room for Details and Collect; the Details view shows Details as an icon to make room. */
const actionsWidth = (view: TOverdueView) => (view === 'details' ? '124px' : '176px');

/** The Details view trades the mobile number for the EMI numbers and the amount split. */
const columnsFor = (view: TOverdueView): TColumn[] =>
  view === 'details'
    ? [...SUMMARY_COLUMNS.filter((column) => column.label !== 'Mobile'), ...DETAIL_COLUMNS, TOTAL_COLUMN]
    : [...SUMMARY_COLUMNS, TOTAL_COLUMN];

const ellipsis: CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };

const RowActions = ({
  group,
  compact,
  iconDetails = compact,
  onDetails,
  onCollect,
}: { group: TOverdueLoanGroup; compact: boolean; iconDetails?: boolean } & Pick<
  TOverdueListProps,
  'onDetails' | 'onCollect'
>) => (
  <Group gap={6} wrap="nowrap" justify="flex-end">
    {iconDetails ? (
      <ActionIcon
        variant="light"
        size={compact ? 'lg' : 'md'}
        radius="md"
        aria-label={`Details ${group.loan_code}`}
        onClick={() => onDetails(group)}
      >
        <IconListDetails size={18} />
      </ActionIcon>
    ) : (
      <Button
        variant="light"
        size="xs"
        aria-label={`Details ${group.loan_code}`}
        onClick={() => onDetails(group)}
      >
        Details
      </Button>
    )}
    <Button
      size={compact ? 'compact-md' : 'xs'}
      h={compact ? 34 : undefined}
      color="green"
      aria-label={`Collect ${group.loan_code}`}
      onClick={() => onCollect(group)}
    >
      Collect
    </Button>
  </Group>
);

/** A phone row: name and total on top, loan code, date and count (or the EMI split) below. */
const PhoneRow = ({
  group,
  view,
  style,
  ...actions
}: { group: TOverdueLoanGroup; view: TOverdueView; style: CSSProperties } & Pick<
  TOverdueListProps,
  'onDetails' | 'onCollect'
>) => (
  <Group
    role="row"
    data-testid={`overdue-row-${group.loan_id}`}
    style={{ ...style, borderBottom: '1px solid var(--mantine-color-default-border)' }}
    px="xs"
    gap="xs"
    wrap="nowrap"
  >
    <Stack gap={0} style={{ flex: 1, minWidth: 0 }} role="cell">
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text fw={600} size="sm" lh={1.25} style={ellipsis}>
          {group.customer_name}
        </Text>
        <Text fw={700} size="sm" lh={1.25} c="red" style={{ whiteSpace: 'nowrap' }}>
          {formatPaise(group.total_due)}
        </Text>
      </Group>
      <Text size="xs" lh={1.3} c="dimmed" style={ellipsis}>
        {view === 'details'
          ? `${group.loan_code} · EMIs ${group.overdue_emi_numbers.join(', ')}`
          : `${group.loan_code} · ${group.count} EMI${group.count === 1 ? '' : 's'}`}
      </Text>
      <Text size="xs" lh={1.3} c="dimmed" style={ellipsis}>
        {view === 'details'
          ? `EMI ${formatPaise(group.total_emi_amount)} + charges ${formatPaise(group.total_late_charges)}`
          : `Since ${formatDay(group.overdue_since)}`}
      </Text>
    </Stack>
    <Box role="cell">
      <RowActions group={group} compact {...actions} />
    </Box>
  </Group>
);

/** The overdue EMIs grouped per loan, windowed: 60 px rows in a 400 px high list. */
export const OverdueList = ({
  groups,
  view,
  phone,
  loading,
  canLoadMore,
  onNearEnd,
  search,
  ...actions
}: TOverdueListProps) => {
  if (groups.length === 0) {
    return <EmptyList texts={OVERDUE_EMPTY} loading={loading} testId="overdue-empty" />;
  }
  const columns = columnsFor(view);
  const template = `${columns.map((column) => column.width).join(' ')} ${actionsWidth(view)}`;
  const list = (
    <VirtualList
      count={groups.length}
      rowHeight={ROW_HEIGHT}
      height={LIST_HEIGHT}
      nearEndRows={PREFETCH_ROWS}
      canLoadMore={canLoadMore}
      onNearEnd={onNearEnd}
      testId="overdue-scroller"
      resetKey={search}
      renderRow={(index, style) => {
        const group = groups[index];
        if (group === undefined) return null;
        if (phone)
          return <PhoneRow key={group.loan_id} group={group} view={view} style={style} {...actions} />;
        return (
          <Box
            key={group.loan_id}
            role="row"
            data-testid={`overdue-row-${group.loan_id}`}
            style={{
              ...style,
              display: 'grid',
              gridTemplateColumns: template,
              alignItems: 'center',
              gap: 8,
              borderBottom: '1px solid var(--mantine-color-default-border)',
            }}
            px="xs"
          >
            {columns.map((column) => (
              <Text
                key={column.label}
                role="cell"
                size="sm"
                style={ellipsis}
                fw={column === TOTAL_COLUMN ? 700 : undefined}
              >
                {column.cell(group)}
              </Text>
            ))}
            <Box role="cell">
              <RowActions group={group} compact={false} iconDetails={view === 'details'} {...actions} />
            </Box>
          </Box>
        );
      }}
    />
  );
  return (
    <Box
      role="table"
      aria-label="Overdue EMIs"
      aria-rowcount={groups.length + 1}
      style={phone ? undefined : { overflowX: 'auto' }}
    >
      <Box style={phone ? undefined : { minWidth: view === 'details' ? 920 : 760 }}>
        {phone ? null : (
          <Box
            role="row"
            px="xs"
            py={6}
            style={{
              display: 'grid',
              gridTemplateColumns: template,
              gap: 8,
              borderBottom: '2px solid var(--mantine-color-default-border)',
            }}
          >
            {columns.map((column) => (
              <Text key={column.label} role="columnheader" size="sm" fw={700} style={ellipsis}>
                {column.label}
              </Text>
            ))}
            <Text role="columnheader" size="sm" fw={700} ta="right">
              Actions
            </Text>
          </Box>
        )}
        {list}
      </Box>
    </Box>
  );
};
