import type { TImport } from '@lending/domain';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { IMPORT_STEP_TITLES, IMPORT_STEPS, type ImportStep, mayOpenStep, stepOf } from '../lib/imports';
import { CheckStep } from './check-step';
import { CommitStep } from './commit-step';
import { ImportStatusBadge } from './import-status-badge';
import { MappingStep } from './mapping-step';
import { StepNav } from './step-nav';
import { TemplateStep } from './template-step';
import { UploadStep } from './upload-step';

type TImportWizardProps = {
  /** The import being worked on; null before a file is uploaded. */
  item: TImport | null;
  onUploaded: (id: number) => void;
  /** Put the focus on the step's heading at once (the page opened right after an upload). */
  focusFirst?: boolean;
};

/**
 * The five steps: template, upload, map columns, check, import. It opens on the step the import's
 * status calls for; the lender may go back to any step still open. Moving to a step puts the
 * keyboard focus on its heading, so a screen reader says where it is.
 */
export const ImportWizard = ({ item, onUploaded, focusFirst = false }: TImportWizardProps) => {
  const [chosen, setChosen] = useState<ImportStep | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Set when the step changes by the lender's hand; the render after it moves the focus.
  const pendingFocus = useRef(focusFirst);
  const active = chosen !== null && mayOpenStep(chosen, item) ? chosen : stepOf(item);
  const number = IMPORT_STEPS.indexOf(active) + 1;

  useEffect(() => {
    if (!pendingFocus.current) return;
    pendingFocus.current = false;
    heading.current?.focus();
  });

  const open = (step: ImportStep) => {
    pendingFocus.current = true;
    setChosen(step);
  };

  const content = () => {
    switch (active) {
      case 'template':
        return <TemplateStep onNext={() => open('upload')} />;
      case 'upload':
        return <UploadStep onUploaded={onUploaded} />;
      case 'map':
        return item === null ? null : <MappingStep item={item} onSaved={() => open('check')} />;
      case 'check':
        return item === null ? null : (
          <CheckStep item={item} onNext={() => open('commit')} onUploadAgain={() => open('upload')} />
        );
      case 'commit':
        return item === null ? null : <CommitStep item={item} onBack={() => open('check')} />;
    }
  };

  return (
    <Stack gap="md">
      <StepNav active={active} mayOpen={(step) => mayOpenStep(step, item)} onOpen={open} />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
        <Stack gap="md">
          <Group justify="space-between" gap="xs" align="flex-start">
            <div>
              <Text size="sm" c="dimmed">{`Step ${number} of ${IMPORT_STEPS.length}`}</Text>
              <Title order={2} fz="h3" ref={heading} tabIndex={-1} data-testid="import-step-title">
                {IMPORT_STEP_TITLES[active]}
              </Title>
            </div>
            {item === null ? null : (
              <Group gap="xs" wrap="wrap">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {item.fileName}
                </Text>
                <ImportStatusBadge status={item.status} />
              </Group>
            )}
          </Group>
          {content()}
        </Stack>
      </Paper>
    </Stack>
  );
};
