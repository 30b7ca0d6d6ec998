import { Button, Group } from '@mantine/core';
import { IMPORT_STEP_TITLES, IMPORT_STEPS, type ImportStep } from '../lib/imports';

type TStepNavProps = {
  active: ImportStep;
  mayOpen: (step: ImportStep) => boolean;
  onOpen: (step: ImportStep) => void;
};

/**
 * The wizard's steps as a numbered list of buttons: the current one marked for screen readers
 * (aria-current="step"), the ones not open yet disabled. They wrap on a phone instead of scrolling.
 */
export const StepNav = ({ active, mayOpen, onOpen }: TStepNavProps) => {
  const activeIndex = IMPORT_STEPS.indexOf(active);
  return (
    <nav aria-label="Import steps">
      <Group component="ol" gap="xs" wrap="wrap" m={0} p={0} style={{ listStyle: 'none' }}>
        {IMPORT_STEPS.map((step, index) => (
          <li key={step}>
            <Button
              size="compact-md"
              variant={step === active ? 'filled' : index < activeIndex ? 'light' : 'default'}
              aria-current={step === active ? 'step' : undefined}
              disabled={step !== active && !mayOpen(step)}
              onClick={() => onOpen(step)}
            >
              {`${index + 1}. ${IMPORT_STEP_TITLES[step]}`}
            </Button>
          </li>
        ))}
      </Group>
    </nav>
  );
};
