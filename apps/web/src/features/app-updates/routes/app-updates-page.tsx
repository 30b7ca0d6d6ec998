import { Stack } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { ApkFilesTable } from '../components/apk-files-table';
import { ApkUploadForm } from '../components/apk-upload-form';
import { CurrentVersionCard } from '../components/current-version-card';

/** App Update Management: what the field app is offered, a new APK or new numbers, the stored APKs. */
export const AppUpdatesPage = () => (
  <Stack gap="md">
    <PageTitle testId="page-app-updates" title="App Update Management" />
    <CurrentVersionCard />
    <ApkUploadForm />
    <ApkFilesTable />
  </Stack>
);
