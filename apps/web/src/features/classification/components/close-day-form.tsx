import { Alert, Button, Checkbox, Group, Paper, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { PickerDateInput } from '../../../components/date-range-filter';
import { formatDate } from '../../../lib/format';
import { useStartDayEndClose } from '../api/start-close';

/** What the form says when the close could not start and the server said nothing of its own. */
export const CLOSE_START_FAILED = 'Failed to start the day-end close';
/** The date field's message when Close day is pressed without a day. */
export const PICK_A_DAY = 'Pick the business day to close';
/** The checkbox that closes a closed day again. */
export const RERUN_LABEL = 'Run again if already closed';

/** What the notification says once the server has taken the close. */
export const closeStarted = (businessDate: string) => `Day-end close of ${formatDate(businessDate)} started`;

/**
 * "Close a business day": a past day (or today after its close time) closed now, or closed again
 * with "Run again". The server decides what may close; its refusal shows under the form.
 */
export const CloseDayForm = ({ today }: { today: string }) => {
  const [businessDate, setBusinessDate] = useState<string | null>(null);
  const [rerun, setRerun] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const starter = useStartDayEndClose();
  const titleId = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    if (businessDate === null) {
      setMissing(true);
      return;
    }
    starter.mutate(
      { businessDate, rerun },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: closeStarted(businessDate) });
          setRerun(false);
        },
        onError: (error) => setRefusal(errorMessage(error, CLOSE_START_FAILED)),
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={handleSubmit} aria-labelledby={titleId} noValidate>
        <Stack gap="sm">
          <Title order={3} fz="h5" id={titleId}>
            Close a business day
          </Title>
          <Group align="flex-end" gap="md" wrap="wrap">
            <PickerDateInput
              label="Business date"
              required
              value={businessDate}
              maxDate={today}
              onChange={(value) => {
                setBusinessDate(value);
                setMissing(false);
              }}
              error={missing ? PICK_A_DAY : undefined}
              w={{ base: '100%', xs: 200 }}
            />
            <Checkbox
              label={RERUN_LABEL}
              checked={rerun}
              onChange={(event) => setRerun(event.currentTarget.checked)}
              mb={8}
            />
            <Button type="submit" loading={starter.isPending}>
              Close day
            </Button>
          </Group>
          {refusal === null ? null : (
            <Alert color="red" role="alert" data-testid="close-day-refusal">
              {refusal}
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  );
};
