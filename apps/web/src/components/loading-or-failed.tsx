import { Center, Loader, Text } from '@mantine/core';
import { OfflineNotice, useOffline } from './offline-notice';

type TSectionLoaderProps = {
  label?: string;
  /** The phone keeps this data (the field agent's own), so offline it still arrives: keep spinning. */
  keptOffline?: boolean;
};

/**
 * The spinner a page section or dialog shows in place of its data while it loads; with no
 * connection it says the data opens once the connection is back, since the wait would not end.
 */
export const SectionLoader = ({ label, keptOffline = false }: TSectionLoaderProps) =>
  useOffline() && !keptOffline ? (
    <OfflineNotice />
  ) : (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );

/** What a dialog shows until its data arrives: a spinner, or why the data could not load. */
export const LoadingOrFailed = ({ failed, message }: { failed: boolean; message: string }) => {
  const offline = useOffline();
  if (offline) return <OfflineNotice />;
  return failed ? <Text c="red">{message}</Text> : <SectionLoader />;
};
