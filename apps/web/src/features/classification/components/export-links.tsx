import { Anchor, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { errorMessage } from '../../../api/client';
import { registerExportHref, type TRegisterFormat, useExportRegister } from '../api/export-register';
import type { TRegisterFilters } from '../lib/register-params';

/** The export's failure, where the server said nothing of its own. */
export const REGISTER_EXPORT_FAILED = 'Failed to export the register';

const FORMATS: { format: TRegisterFormat; label: string }[] = [
  { format: 'csv', label: 'Export CSV' },
  { format: 'xlsx', label: 'Export XLSX' },
];

/**
 * The register of the current filter as a file. Real links (their address names the filter), but a
 * click fetches the file with the session's token and saves it, which a plain navigation could not.
 */
export const ExportLinks = ({ filters }: { filters: TRegisterFilters }) => {
  const exporter = useExportRegister();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>, format: TRegisterFormat) => {
    event.preventDefault();
    if (exporter.isPending) return;
    exporter.mutate(
      { filters, format },
      {
        onError: (error) =>
          notifications.show({ color: 'red', message: errorMessage(error, REGISTER_EXPORT_FAILED) }),
      },
    );
  };
  return (
    <Group gap="md" aria-busy={exporter.isPending}>
      {FORMATS.map(({ format, label }) => (
        <Anchor
          key={format}
          href={registerExportHref(filters, format)}
          onClick={(event) => handleClick(event, format)}
          size="sm"
          fw={600}
          data-testid={`register-export-${format}`}
        >
          <IconDownload size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} aria-hidden />
          {label}
        </Anchor>
      ))}
    </Group>
  );
};
