import type { CurrentUpdateStatus } from '@lending/domain';

export const STATUS_LABELS: Record<CurrentUpdateStatus, string> = {
  required: 'Required',
  permitted: 'Permitted',
  in_progress: 'In Progress',
  up_to_date: 'Up to Date',
  unknown: 'Unknown',
};

export const STATUS_COLORS: Record<CurrentUpdateStatus, string> = {
  required: 'orange',
  permitted: 'blue',
  in_progress: 'violet',
  up_to_date: 'green',
  unknown: 'gray',
};

export const STATUS_OPTIONS = (['required', 'permitted', 'in_progress', 'up_to_date'] as const).map(
  (value) => ({
    value,
    label: STATUS_LABELS[value],
  }),
);
