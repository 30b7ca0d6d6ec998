import { Paper, Stack, Tabs, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';
import { CardListPanel, ContactPanel, HelpCenterPanel, SystemStatusPanel } from '../components/help-panels';
import { COMMUNITY, DOCUMENTS } from '../lib/help-content';
import { HELP_TABS } from '../lib/ticket-form';

const PANELS: Record<(typeof HELP_TABS)[number], ReactNode> = {
  'Help Center': <HelpCenterPanel />,
  'Contact Support': <ContactPanel />,
  Documentation: <CardListPanel items={DOCUMENTS} />,
  Community: <CardListPanel items={COMMUNITY} />,
  'System Status': <SystemStatusPanel />,
};

/** A tab's value becomes part of element ids (aria-controls), which may not hold spaces. */
const tabValue = (name: string) => name.toLowerCase().replace(/\s+/g, '-');

type THelpPageProps = {
  /** The message-to-the-office form (the support feature's), composed in by the app. */
  messageForm?: ReactNode;
};

/**
 * Support and Help (/admin/support-help, agents /help): answers, contacts, a ticket form (local only),
 * status; under them, the form that sends a support message to the office for real.
 */
export const HelpPage = ({ messageForm }: THelpPageProps) => (
  <Stack gap="md" data-testid="page-help">
    <PageTitle testId="help-title" title="Support and Help" subtitle="Answers, contacts and service status" />
    <Paper withBorder p="md" radius="md">
      <Tabs defaultValue={tabValue('Help Center')}>
        <Tabs.List mb="md">
          {HELP_TABS.map((name) => (
            <Tabs.Tab key={name} value={tabValue(name)}>
              {name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {HELP_TABS.map((name) => (
          <Tabs.Panel key={name} value={tabValue(name)}>
            {PANELS[name]}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
    {messageForm === undefined ? null : (
      <Paper withBorder p="md" radius="md" data-testid="help-message-office">
        <Title order={2} fz="h4" mb="sm">
          Message the office
        </Title>
        {messageForm}
      </Paper>
    )}
  </Stack>
);
