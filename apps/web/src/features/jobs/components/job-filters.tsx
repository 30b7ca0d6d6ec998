import {
  JOB_KIND_TITLES,
  JOB_KINDS,
  JOB_STATUSES,
  type JobKind,
  type JobStatus,
  type TJobPage,
} from '@lending/domain';
import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { usePhone } from '../../../lib/use-phone';
import { JOB_STATUS_LABELS, type TJobFilters } from '../lib/jobs';

const ALL = 'all';
const KIND_OPTIONS = JOB_KINDS.map((kind) => ({ value: kind, label: JOB_KIND_TITLES[kind] }));

type TJobFiltersProps = {
  filters: TJobFilters;
  /** Jobs per status over the kind filter; null until the first page arrives. */
  counts: TJobPage['counts'] | null;
  onChange: (filters: TJobFilters) => void;
};

/** The status (with its count) and the kind; on a phone the statuses stack so each stays readable. */
export const JobFilters = ({ filters, counts, onChange }: TJobFiltersProps) => {
  const phone = usePhone();
  const statusLabelId = useId();
  const countOf = (status: JobStatus) => (counts === null ? '' : ` (${counts[status]})`);
  const all = counts === null ? '' : ` (${JOB_STATUSES.reduce((sum, status) => sum + counts[status], 0)})`;
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Stack gap={4} w={phone ? '100%' : undefined}>
        <Text size="sm" fw={500} id={statusLabelId}>
          Status
        </Text>
        <SegmentedControl
          aria-labelledby={statusLabelId}
          orientation={phone ? 'vertical' : 'horizontal'}
          fullWidth={phone}
          value={filters.status === '' ? ALL : filters.status}
          onChange={(value) => onChange({ ...filters, status: value === ALL ? '' : (value as JobStatus) })}
          data={[
            { value: ALL, label: `All${all}` },
            ...JOB_STATUSES.map((status) => ({
              value: status,
              label: `${JOB_STATUS_LABELS[status]}${countOf(status)}`,
            })),
          ]}
        />
      </Stack>
      <Select
        label="Kind"
        placeholder="All kinds"
        w={phone ? '100%' : 220}
        data={KIND_OPTIONS}
        value={filters.kind === '' ? null : filters.kind}
        onChange={(value) => onChange({ ...filters, kind: (value ?? '') as JobKind | '' })}
        clearable
      />
    </Group>
  );
};
