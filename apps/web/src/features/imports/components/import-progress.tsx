import type { TImport } from '@lending/domain';
import { Progress, Stack, Text } from '@mantine/core';
import { importProgress } from '../lib/imports';

type TImportProgressProps = { job: NonNullable<TImport['job']>; title: string };

/**
 * The bar of the job checking or committing an import, named by its words ('300 of 1,200 rows')
 * for screen readers; a moving stripe with no value while the total is not known yet.
 */
export const ImportProgress = ({ job, title }: TImportProgressProps) => {
  const { percent, label } = importProgress(job);
  const values =
    percent === null
      ? {}
      : {
          'aria-valuemin': 0,
          'aria-valuemax': 100,
          'aria-valuenow': percent,
          'aria-valuetext': `${percent}%`,
        };
  return (
    <Stack gap={4} data-testid="import-progress">
      <Text size="sm" fw={500} aria-live="polite">
        {percent === null ? `${title}: ${label}` : `${title}: ${label} · ${percent}%`}
      </Text>
      <Progress.Root size="lg" role="progressbar" aria-label={label} {...values}>
        <Progress.Section withAria={false} value={percent ?? 100} animated striped={percent === null} />
      </Progress.Root>
    </Stack>
  );
};
