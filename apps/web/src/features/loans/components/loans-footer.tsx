import { Group, Loader, Stack, Text } from '@mantine/core';
import { Pager } from '../../../components/pager';

type TLoansFooterProps = {
  /** The last page shown (pages from the pager's start through what infinite scroll appended). */
  currentPage: number;
  totalPages: number;
  total: number;
  pageSize: number;
  loadingMore: boolean;
  onPageChange: (page: number) => void;
};

/** Records per page, total pages, current page, whether more pages exist, and the pager. */
export const LoansFooter = ({
  currentPage,
  totalPages,
  total,
  pageSize,
  loadingMore,
  onPageChange,
}: TLoansFooterProps) => {
  const more = currentPage < totalPages;
  return (
    <Stack gap="xs" data-testid="loans-footer">
      {loadingMore ? (
        <Group justify="center" gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Loading more loans...
          </Text>
        </Group>
      ) : null}
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {`${pageSize} records per page · ${total} loans`}
        </Text>
        <Text size="sm" c="dimmed" data-testid="loans-page-info">
          {`Page ${Math.min(currentPage, Math.max(totalPages, 1))} of ${Math.max(totalPages, 1)} · ${more ? 'More pages available' : 'No more pages'}`}
        </Text>
      </Group>
      <Pager page={currentPage} totalPages={totalPages} onChange={onPageChange} />
    </Stack>
  );
};
