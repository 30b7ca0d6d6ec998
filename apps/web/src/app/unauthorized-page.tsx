import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router';

/** Where a guard sends a role that may not open a screen. */
export const UnauthorizedPage = () => {
  const navigate = useNavigate();
  const handleGoBack = () => {
    void navigate(-1);
  };
  return (
    <Center component="main" mih="100vh" p="md" data-testid="page-unauthorized">
      <Stack align="center" gap="md" maw={420}>
        <IconShieldLock size={48} color="var(--mantine-color-red-6)" aria-hidden />
        <Title order={1} fz="h2" ta="center">
          Unauthorized Access
        </Title>
        <Text c="dimmed" ta="center">
          You don't have permission to access this page.
        </Text>
        <Button onClick={handleGoBack}>Go Back</Button>
      </Stack>
    </Center>
  );
};
