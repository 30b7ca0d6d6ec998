import { hasRole } from '@lending/domain';
import { Alert, Button, Grid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionLoader } from '../../../components/loading-or-failed';
import { PageTitle } from '../../../components/page-title';
import { useProfile } from '../api/get-profile';
import { ChangePasswordForm } from '../components/change-password-form';
import { PaymentQrCard } from '../components/payment-qr-card';
import { ProfileDetailsForm } from '../components/profile-details-form';
import { ProfileSummary } from '../components/profile-summary';
import { profileMessages } from '../lib/profile-form';

type TProfilePageProps = {
  /** A borrower's message preferences (the messages feature's form), plugged in by the route table. */
  messagePreferences?: ReactNode;
};

/** Profile Settings (/admin/profile and /agent/profile). */
export const ProfilePage = ({ messagePreferences }: TProfilePageProps = {}) => {
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
              {/* Messages go to borrowers only: staff have no preferences to set. */}
              {hasRole(profile.data, 'user') ? messagePreferences : null}
              <ChangePasswordForm />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
};
