import { Center, Loader, Text } from '@mantine/core';

/** The spinner a page section or dialog shows in place of its data while it loads. */
export const SectionLoader = ({ label }: { label?: string }) => (
  <Center py="xl">
    <Loader aria-label={label} />
  </Center>
);

/** What a dialog shows until its data arrives: a spinner, or why the data could not load. */
export const LoadingOrFailed = ({ failed, message }: { failed: boolean; message: string }) =>
  failed ? <Text c="red">{message}</Text> : <SectionLoader />;
