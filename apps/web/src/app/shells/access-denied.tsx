import { Alert, Container } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export const ADMIN_ACCESS_DENIED = "Access Denied: You don't have permission to access the admin area.";

/** What a non-admin role sees inside the admin shell. */
export const AdminAccessDenied = () => (
  <Container size="sm" py="xl" data-testid="admin-access-denied">
    <Alert color="red" icon={<IconAlertTriangle />} role="alert">
      {ADMIN_ACCESS_DENIED}
    </Alert>
  </Container>
);
