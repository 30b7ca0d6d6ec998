import { Accordion, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { SearchInput } from '../../../components/search-input';
import { CONTACTS, FAQS, SERVICES, STATE_COLORS } from '../lib/help-content';
import { TicketForm } from './ticket-form';

/** Frequently asked questions, narrowed by what is typed (question or answer, any case). */
export const HelpCenterPanel = () => {
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = FAQS.filter((faq) => `${faq.question} ${faq.answer}`.toLowerCase().includes(needle));
  return (
    <Stack gap="md">
      <SearchInput value={search} onValueChange={setSearch} placeholder="Search help articles..." maw={420} />
      {shown.length === 0 ? (
        <Text c="dimmed">No articles match your search.</Text>
      ) : (
        <Accordion variant="separated">
          {shown.map((faq) => (
            <Accordion.Item key={faq.question} value={faq.question}>
              <Accordion.Control>{faq.question}</Accordion.Control>
              <Accordion.Panel>{faq.answer}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
};

/** How to reach support, and the ticket form. */
export const ContactPanel = () => (
  <Stack gap="lg">
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      {CONTACTS.map((contact) => (
        <Paper key={contact.label} withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            {contact.label}
          </Text>
          <Text fw={600}>{contact.value}</Text>
          <Text size="xs" c="dimmed">
            {contact.note}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
    <Title order={2} fz="h4">
      Submit a Support Ticket
    </Title>
    <TicketForm />
  </Stack>
);

/** A list of titled cards: the documentation and community tabs. */
export const CardListPanel = ({ items }: { items: readonly { title: string; description: string }[] }) => (
  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
    {items.map((item) => (
      <Paper key={item.title} withBorder p="md" radius="md">
        <Text fw={600}>{item.title}</Text>
        <Text size="sm" c="dimmed">
          {item.description}
        </Text>
      </Paper>
    ))}
  </SimpleGrid>
);

/** Each service and its state (sample data). */
export const SystemStatusPanel = () => (
  <Table withTableBorder striped maw={560} data-testid="system-status">
    <Table.Tbody>
      {SERVICES.map((service) => (
        <Table.Tr key={service.name}>
          <Table.Td>{service.name}</Table.Td>
          <Table.Td>
            <Group justify="flex-end">
              <Badge color={STATE_COLORS[service.state]}>{service.state}</Badge>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  </Table>
);
