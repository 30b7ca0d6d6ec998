import { isTodoTitleValid, type TTodo } from '@lending/domain';
import { ActionIcon, Button, Checkbox, Group, Paper, Text, TextInput } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate } from '../../../lib/format';

type TTodoItemProps = {
  todo: TTodo;
  onToggle: (todo: TTodo) => void;
  onRename: (todo: TTodo, title: string) => Promise<boolean>;
  onDelete: (todo: TTodo) => void;
};

/** One task: its completion box, its title (editable only while not completed) and delete. */
export const TodoItem = ({ todo, onToggle, onRename, onDelete }: TTodoItemProps) => {
  const [draft, setDraft] = useState<string | null>(null);
  const save = async () => {
    if (draft !== null && isTodoTitleValid(draft) && (await onRename(todo, draft.trim()))) setDraft(null);
  };
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`todo-${todo.id}`}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group wrap="nowrap" gap="sm" style={{ flex: 1 }}>
          <Checkbox
            checked={todo.completed}
            onChange={() => onToggle(todo)}
            aria-label={todo.completed ? `Mark ${todo.title} as pending` : `Mark ${todo.title} as completed`}
          />
          {draft === null ? (
            <div>
              <Text
                td={todo.completed ? 'line-through' : undefined}
                c={todo.completed ? 'dimmed' : undefined}
              >
                {todo.title}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDate(todo.created_at)}
              </Text>
            </div>
          ) : (
            <TextInput
              style={{ flex: 1 }}
              aria-label="Task title"
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
            />
          )}
        </Group>
        <Group gap={4} wrap="nowrap">
          {draft !== null ? (
            <>
              <Button size="xs" onClick={() => void save()} disabled={!isTodoTitleValid(draft)}>
                Save
              </Button>
              <Button size="xs" variant="default" onClick={() => setDraft(null)}>
                Cancel
              </Button>
            </>
          ) : todo.completed ? null : (
            <ActionIcon
              variant="subtle"
              aria-label={`Edit ${todo.title}`}
              onClick={() => setDraft(todo.title)}
            >
              <IconPencil size={16} />
            </ActionIcon>
          )}
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${todo.title}`}
            onClick={() => onDelete(todo)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
};
