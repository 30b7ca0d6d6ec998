import { Button, Group, Text } from '@mantine/core';
import { pagerItems } from '../lib/paging';

type TPagerProps = {
  /** The current page, 1-based. */
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  disabled?: boolean;
};

/**
 * Previous/Next around a window of 5 page numbers, with the first and last pages as shortcuts and
 * ellipses where pages are skipped. Nothing shows for a single page.
 */
export const Pager = ({ page, totalPages, onChange, disabled = false }: TPagerProps) => {
  if (totalPages <= 1) return null;
  return (
    <Group gap={4} justify="center" wrap="wrap" component="nav" aria-label="Pagination">
      <Button
        variant="default"
        size="compact-sm"
        disabled={disabled || page <= 1}
        onClick={() => onChange(page - 1)}
      >
        Previous
      </Button>
      {pagerItems(page, totalPages).map((item) =>
        item.kind === 'gap' ? (
          <Text key={`gap-${item.key}`} c="dimmed" px={4} aria-hidden>
            …
          </Text>
        ) : (
          <Button
            key={item.page}
            size="compact-sm"
            miw={32}
            variant={item.page === page ? 'filled' : 'default'}
            aria-label={`Page ${item.page}`}
            aria-current={item.page === page ? 'page' : undefined}
            disabled={disabled}
            onClick={() => onChange(item.page)}
          >
            {item.page}
          </Button>
        ),
      )}
      <Button
        variant="default"
        size="compact-sm"
        disabled={disabled || page >= totalPages}
        onClick={() => onChange(page + 1)}
      >
        Next
      </Button>
    </Group>
  );
};
