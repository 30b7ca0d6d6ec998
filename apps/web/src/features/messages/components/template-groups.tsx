import {
  MESSAGE_CHANNELS,
  MESSAGE_EVENTS,
  MESSAGE_LANGUAGE_LABELS,
  MESSAGE_LANGUAGES,
  type TMessageEvent,
  type TMessageTemplateView,
} from '@lending/domain';
import { Badge, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { ClippedText } from '../../../components/clipped-text';
import { ListTable } from '../../../components/list-table';
import { variableMarker } from '../lib/insert-variable';
import { channelLabel, eventLabel } from '../lib/message-format';

const COLUMNS = ['Channel', 'Language', 'Text', 'Provider template', 'Words', 'Actions'];

const order = (template: TMessageTemplateView) =>
  MESSAGE_CHANNELS.indexOf(template.channel) * MESSAGE_LANGUAGES.length +
  MESSAGE_LANGUAGES.indexOf(template.language);

/** What the Edit button of a template is read out as: the event, channel and language tell them apart. */
export const templateName = (template: TMessageTemplateView): string =>
  `${eventLabel(template.event)}, ${channelLabel(template.channel)}, ${MESSAGE_LANGUAGE_LABELS[template.language]}`;

/** Marked when missing: an SMS without its DLT id is refused when sent, and WhatsApp needs its approved template. */
const ProviderId = ({ template }: { template: TMessageTemplateView }) => {
  if (template.channel === 'email') return 'Not needed';
  if (template.provider_template_id !== null) return template.provider_template_id;
  return (
    <Text size="sm" c="orange" fw={600}>
      Not set
    </Text>
  );
};

type TTemplateGroupProps = {
  event: TMessageEvent;
  templates: readonly TMessageTemplateView[];
  onEdit: (template: TMessageTemplateView) => void;
};

const TemplateGroup = ({ event, templates, onEdit }: TTemplateGroupProps) => {
  const rows = [...templates].sort((a, b) => order(a) - order(b));
  const variables = rows[0]?.variables ?? [];
  return (
    <Paper withBorder p="md" radius="md" data-testid={`template-group-${event}`}>
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {eventLabel(event)}
        </Title>
        {variables.length === 0 ? null : (
          <Text size="xs" c="dimmed">
            {`Variables: ${variables.map(variableMarker).join(' ')}`}
          </Text>
        )}
        <ListTable
          columns={COLUMNS}
          minWidth={860}
          fz="sm"
          empty={null}
          aria-label={`${eventLabel(event)} templates`}
        >
          {rows.map((template) => (
            <Table.Tr
              key={`${template.channel}-${template.language}`}
              data-testid={`template-${template.event}-${template.channel}-${template.language}`}
            >
              <Table.Td>{channelLabel(template.channel)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {MESSAGE_LANGUAGE_LABELS[template.language]}
              </Table.Td>
              <Table.Td lang={template.language}>
                <ClippedText text={template.body} maxWidth={360} />
              </Table.Td>
              <Table.Td>
                <ProviderId template={template} />
              </Table.Td>
              <Table.Td>
                {template.customised ? (
                  <Badge variant="light" color="blue" miw="max-content">
                    Customised
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed">
                    Default
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="light"
                  aria-label={`Edit ${templateName(template)}`}
                  onClick={() => onEdit(template)}
                >
                  Edit
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </Stack>
    </Paper>
  );
};

/** Every event's templates, in the events' order, each as its channel × language rows. */
export const TemplateGroups = ({
  templates,
  onEdit,
}: {
  templates: readonly TMessageTemplateView[];
  onEdit: (template: TMessageTemplateView) => void;
}) => (
  <Stack gap="md">
    {MESSAGE_EVENTS.map((event) => {
      const ofEvent = templates.filter((template) => template.event === event);
      return ofEvent.length === 0 ? null : (
        <TemplateGroup key={event} event={event} templates={ofEvent} onEdit={onEdit} />
      );
    })}
  </Stack>
);
