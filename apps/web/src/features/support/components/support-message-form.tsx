import {
  REVIEW_SUBJECT,
  SUPPORT_CATEGORIES,
  SUPPORT_SUBJECTS,
  SUPPORT_TOAST_MS,
  type TSupportMessageRequest,
  ZSupportMessageRequest,
} from '@lending/domain';
import { Button, Input, Rating, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useCreateSupportMessage } from '../api/create-support-message';

export const SUPPORT_MESSAGE_SENT = 'Support message sent';
export const SUPPORT_MESSAGE_FAILED = 'Failed to send support message';

type TDraft = { subject: string | null; category: string | null; message: string; rating: number };
const BLANK: TDraft = { subject: null, category: null, message: '', rating: 0 };

/**
 * A borrower's or agent's message to the office: a preset subject, a category, the text, and stars
 * for a review (the only subject that takes them).
 */
export const SupportMessageForm = () => {
  const [draft, setDraft] = useState(BLANK);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateSupportMessage();
  const isReview = draft.subject === REVIEW_SUBJECT;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZSupportMessageRequest.safeParse({
      subject: draft.subject,
      category: draft.category,
      message: draft.message,
      rating: isReview && draft.rating > 0 ? draft.rating : null,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    try {
      await create.mutateAsync(parsed.data as TSupportMessageRequest);
      notifications.show({
        color: 'green',
        message: SUPPORT_MESSAGE_SENT,
        autoClose: SUPPORT_TOAST_MS.success,
      });
      setDraft(BLANK);
    } catch (error) {
      notifications.show({
        color: 'red',
        message: errorMessage(error, SUPPORT_MESSAGE_FAILED),
        autoClose: SUPPORT_TOAST_MS.error,
      });
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="support-message-form">
      <Stack gap="sm">
        <Select
          label="Subject"
          required
          data={[...SUPPORT_SUBJECTS]}
          value={draft.subject}
          onChange={(subject) => setDraft((current) => ({ ...current, subject }))}
        />
        <Select
          label="Category"
          required
          data={[...SUPPORT_CATEGORIES]}
          value={draft.category}
          onChange={(category) => setDraft((current) => ({ ...current, category }))}
        />
        <Textarea
          label="Message"
          required
          autosize
          minRows={3}
          value={draft.message}
          onChange={(event) => {
            const message = event.currentTarget.value;
            setDraft((current) => ({ ...current, message }));
          }}
        />
        {isReview ? (
          <Input.Wrapper label="Rating" required>
            <Rating
              value={draft.rating}
              onChange={(rating) => setDraft((current) => ({ ...current, rating }))}
              aria-label="Rating"
            />
          </Input.Wrapper>
        ) : null}
        {problem ? (
          <Text c="red" size="sm" role="alert">
            {problem}
          </Text>
        ) : null}
        <Button type="submit" disabled={create.isPending} style={{ alignSelf: 'flex-start' }}>
          {create.isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </Stack>
    </form>
  );
};
