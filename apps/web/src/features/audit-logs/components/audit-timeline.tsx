import type { TAuditLog } from '@lending/domain';
import { Anchor, Code, Group, Paper, Text, Timeline } from '@mantine/core';
import { auditCategoryOf, formatAuditTime } from '../lib/audit-logs';
import { CATEGORY_COLORS, CategoryBadge, resourceText } from './category-badge';

type TAuditTimelineProps = {
  logs: readonly TAuditLog[];
  empty: string | null;
  onShowMetadata: (log: TAuditLog) => void;
};

/** The same rows as a time line, newest on top. */
export const AuditTimeline = ({ logs, empty, onShowMetadata }: TAuditTimelineProps) => (
  <Paper withBorder p="md" radius="md" data-testid="audit-timeline">
    {empty === null ? (
      <Timeline bulletSize={14} lineWidth={2}>
        {logs.map((log) => (
          <Timeline.Item
            key={log.id}
            color={CATEGORY_COLORS[auditCategoryOf(log.action)]}
            title={
              <Group gap="xs">
                <Code>{log.action}</Code>
                <CategoryBadge action={log.action} />
              </Group>
            }
          >
            <Text size="sm">{`${log.actor ?? 'System'} · ${resourceText(log.resource_type, log.resource_id)}`}</Text>
            <Group gap="xs">
              <Text size="xs" c="dimmed">
                {`${formatAuditTime(log.created_at)}${log.ip_address ? ` · ${log.ip_address}` : ''}`}
              </Text>
              <Anchor component="button" type="button" size="xs" onClick={() => onShowMetadata(log)}>
                Metadata
              </Anchor>
            </Group>
          </Timeline.Item>
        ))}
      </Timeline>
    ) : (
      <Text ta="center" c="dimmed" py="md">
        {empty}
      </Text>
    )}
  </Paper>
);
