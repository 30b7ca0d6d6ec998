import { isTodoTitleValid } from '@lending/domain';
import { Button, Group, Paper, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

type TAddTodoFormProps = { busy: boolean; onAdd: (title: string) => Promise<boolean> };

/** A title and Add Task, disabled until the title has something besides spaces. */
export const AddTodoForm = ({ busy, onAdd }: TAddTodoFormProps) => {
  const [title, setTitle] = useState('');
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!isTodoTitleValid(title)) return;
    if (await onAdd(title.trim())) setTitle('');
  };
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={(event) => void submit(event)}>
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label="New Task"
            placeholder="What needs doing?"
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          <Button
            type="submit"
            leftSection={<IconPlus size={16} />}
            disabled={!isTodoTitleValid(title)}
            loading={busy}
          >
            Add Task
          </Button>
        </Group>
      </form>
    </Paper>
  );
};
