import { type UpdateStatus, updateMessages } from '@lending/domain';
import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { PageTitle } from '../../../components/page-title';
import { useUpdateStatus } from '../api/get-update-status';
import { EMPTY_HISTORY_FILTERS, type THistoryFilters } from '../api/list-update-history';
import { usePostUpdateStatus } from '../api/post-update-status';
import { CurrentStatusCard } from '../components/current-status-card';
import { UpdateHistory } from '../components/update-history';
import { type TUpdateForm, UpdateStatusForm } from '../components/update-status-form';

type TMessage = { color: 'green' | 'red'; text: string };

/** Upgrade Management (/admin/upgrade-management, superadmin): current status, the form, the history. */
export const UpgradeManagementPage = () => {
  const status = useUpdateStatus();
  const poster = usePostUpdateStatus();
  const [message, setMessage] = useState<TMessage | null>(null);
  const [filters, setFilters] = useState<THistoryFilters>(EMPTY_HISTORY_FILTERS);
  const [page, setPage] = useState(1);

  const send = async (body: Parameters<typeof poster.mutateAsync>[0]) => {
    setMessage(null);
    try {
      await poster.mutateAsync(body);
      setMessage({ color: 'green', text: updateMessages.updated });
    } catch (error) {
      setMessage({ color: 'red', text: errorMessage(error, updateMessages.updateFailed) });
    }
  };

  const handleForm = (form: TUpdateForm) =>
    void send({
      status: form.status,
      required_version: form.required_version.trim(),
      current_version: form.current_version.trim() === '' ? undefined : form.current_version.trim(),
      comments: form.comments.trim() === '' ? undefined : form.comments.trim(),
    });

  const handleAction = (to: UpdateStatus) => void send({ status: to });

  const handleFilters = (next: THistoryFilters) => {
    setFilters(next);
    setPage(1);
  };

  return (
    <Stack gap="md" data-testid="page-upgrade-management">
      <PageTitle testId="upgrade-management-title" title="Upgrade Management" />
      {status.isError ? (
        <Alert color="red" data-testid="update-status-load-failed">
          {updateMessages.fetchFailed}
        </Alert>
      ) : null}
      {message === null ? null : (
        <Alert
          color={message.color}
          data-testid="update-message"
          withCloseButton
          onClose={() => setMessage(null)}
        >
          {message.text}
        </Alert>
      )}
      <CurrentStatusCard record={status.data} />
      <UpdateStatusForm loaded={status.data} busy={poster.isPending} onSubmit={handleForm} />
      <UpdateHistory
        filters={filters}
        onFiltersChange={handleFilters}
        page={page}
        onPageChange={setPage}
        busy={poster.isPending}
        onAction={handleAction}
      />
    </Stack>
  );
};
