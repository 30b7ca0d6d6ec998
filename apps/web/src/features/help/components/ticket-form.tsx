import { Autocomplete, Button, Grid, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useCurrentUser } from '../../../lib/session';
import { storeTicket } from '../lib/local-tickets';
import {
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_SUBJECT_PRESETS,
  type TSupportTicketForm,
  ticketMessages,
  ZSupportTicketForm,
} from '../lib/ticket-form';

const label = (value: string) => `${value.charAt(0).toUpperCase()}${value.slice(1)}`;
const PRIORITIES = TICKET_PRIORITIES.map((value) => ({ value, label: label(value) }));
const CATEGORIES = TICKET_CATEGORIES.map((value) => ({ value, label: label(value) }));

/** A support ticket, kept on this device: name, e-mail, subject and message are required. */
export const TicketForm = () => {
  const { user } = useCurrentUser();
  const blank: TSupportTicketForm = {
    name: user?.name ?? '',
    email: user?.email ?? '',
    subject: '',
    message: '',
    priority: 'medium',
    category: 'general',
  };
  const form = useForm<TSupportTicketForm>({
    initialValues: blank,
    validate: schemaResolver(ZSupportTicketForm, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    try {
      storeTicket(values, new Date());
      notifications.show({ color: 'green', message: ticketMessages.submitted });
      form.setValues(blank);
    } catch {
      notifications.show({ color: 'red', message: ticketMessages.failed });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="ticket-form">
      <Stack gap="sm">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Name" withAsterisk maxLength={100} {...form.getInputProps('name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Email" withAsterisk maxLength={254} {...form.getInputProps('email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label="Priority"
              data={PRIORITIES}
              allowDeselect={false}
              {...form.getInputProps('priority')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label="Category"
              data={CATEGORIES}
              allowDeselect={false}
              {...form.getInputProps('category')}
            />
          </Grid.Col>
        </Grid>
        <Autocomplete
          label="Subject"
          withAsterisk
          data={[...TICKET_SUBJECT_PRESETS]}
          maxLength={200}
          {...form.getInputProps('subject')}
        />
        <Textarea
          label="Message"
          withAsterisk
          autosize
          minRows={4}
          maxLength={5000}
          {...form.getInputProps('message')}
        />
        <Button type="submit" style={{ alignSelf: 'flex-start' }}>
          Submit Ticket
        </Button>
      </Stack>
    </form>
  );
};
