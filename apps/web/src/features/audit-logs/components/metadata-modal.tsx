import type { TAuditLog } from '@lending/domain';
import { Code, SimpleGrid, Stack, Text } from '@mantine/core';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { formatAuditTime } from '../lib/audit-logs';
import { resourceText } from './category-badge';

const Fact = ({ label, value }: { label: string; value: string }) => (
  <div>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" style={{ wordBreak: 'break-word' }}>
      {value}
    </Text>
  </div>
);

/** One entry in full: who, when, from where, and its metadata as indented JSON. */
export const MetadataModal = ({ log, onClose }: { log: TAuditLog | null; onClose: () => void }) => (
  <ResponsiveModal opened={log !== null} onClose={onClose} title="Audit Log Details" size="lg">
    {log ? (
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Fact label="Action" value={log.action} />
          <Fact label="Time (IST)" value={formatAuditTime(log.created_at)} />
          <Fact label="User" value={log.actor ?? 'System'} />
          <Fact label="Resource" value={resourceText(log.resource_type, log.resource_id)} />
          <Fact label="IP Address" value={log.ip_address ?? '-'} />
          <Fact label="User Agent" value={log.user_agent ?? '-'} />
        </SimpleGrid>
        <Text size="sm" fw={600}>
          Metadata
        </Text>
        <Code block data-testid="audit-metadata">
          {JSON.stringify(log.metadata, null, 2)}
        </Code>
      </Stack>
    ) : null}
  </ResponsiveModal>
);
