import { Alert, Button, Grid, Stack } from '@mantine/core';
import { SectionLoader } from '../../../components/loading-or-failed';
import { PageTitle } from '../../../components/page-title';
import { useProfile } from '../api/get-profile';
import { ChangePasswordForm } from '../components/change-password-form';
import { PaymentQrCard } from '../components/payment-qr-card';
import { ProfileDetailsForm } from '../components/profile-details-form';
import { ProfileSummary } from '../components/profile-summary';
import { profileMessages } from '../lib/profile-form';

/** Profile Settings (/admin/profile and /agent/profile). */
export const ProfilePage = () => {
  const profile = useProfile();
  return (
    <Stack gap="md">
      <PageTitle testId="page-profile" title="Profile Settings" />
      {profile.isPending ? (
        <SectionLoader label="Loading profile" />
      ) : profile.isError ? (
        <Alert color="red" title="Error">
          <Stack gap="sm" align="flex-start">
            {profileMessages.loadFailed}
            <Button size="xs" variant="light" color="red" onClick={() => void profile.refetch()}>
              Try Again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <ProfileSummary user={profile.data} />
              <PaymentQrCard user={profile.data} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <ProfileDetailsForm key={profile.data.id} user={profile.data} />
              <ChangePasswordForm />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
};
