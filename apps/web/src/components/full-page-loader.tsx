import { Center, Loader } from '@mantine/core';

/** Shown while the current user is loading. */
export const FullPageLoader = () => (
  <Center mih="60vh" data-testid="route-loading" role="status" aria-label="Loading">
    <Loader />
  </Center>
);
