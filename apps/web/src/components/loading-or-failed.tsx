import { Center, Loader, Text } from '@mantine/core';

/** What a dialog shows until its data arrives: a spinner, or why the data could not load. */
export const LoadingOrFailed = ({ failed, message }: { failed: boolean; message: string }) =>
  failed ? (
    <Text c="red">{message}</Text>
  ) : (
    <Center py="xl">
      <Loader />
    </Center>
  );
