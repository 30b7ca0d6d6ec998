import type { TMessageTemplateView } from '@lending/domain';
import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { SectionLoader } from '../../../components/loading-or-failed';
import { PageTitle } from '../../../components/page-title';
import { useMessageTemplates } from '../api/list-templates';
import { TemplateEditorModal } from '../components/template-editor-modal';
import { TemplateGroups } from '../components/template-groups';

export const TEMPLATES_LOAD_FAILED = 'Failed to load the message templates';

/** Message templates (/admin/message-templates, admins): the words each event sends, per channel and language. */
export const MessageTemplatesPage = () => {
  const templates = useMessageTemplates();
  const [editing, setEditing] = useState<TMessageTemplateView | null>(null);
  return (
    <Stack gap="md" data-testid="page-message-templates">
      <PageTitle
        testId="message-templates-title"
        title="Message templates"
        subtitle="The words each event sends to borrowers, per channel and language; {{variables}} are filled in for each message"
      />
      {templates.isPending ? (
        <SectionLoader label="Loading the message templates" />
      ) : templates.isError ? (
        <Alert color="red" title={TEMPLATES_LOAD_FAILED}>
          <Stack gap="sm" align="flex-start">
            {errorMessage(templates.error, TEMPLATES_LOAD_FAILED)}
            <Button size="xs" variant="light" color="red" onClick={() => void templates.refetch()}>
              Try Again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <TemplateGroups templates={templates.data.templates} onEdit={setEditing} />
      )}
      <TemplateEditorModal template={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
};
