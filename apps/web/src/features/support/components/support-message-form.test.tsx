import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { mockApi, type TMockReply } from '../../../test/mock-api';
import { SupportMessageForm } from './support-message-form';

const renderForm = (reply: TMockReply = { status: 201, body: { message: 'ok', data: {} } }) => {
  const api = mockApi({ 'POST /support': reply });
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <SupportMessageForm />
    </AppProviders>,
  );
  return { ...api, events: userEvent.setup({ delay: null }) };
};

const choose = async (events: ReturnType<typeof renderForm>['events'], field: string, option: string) => {
  await events.click(screen.getByRole('combobox', { name: field }));
  await events.click(await screen.findByRole('option', { name: option }));
};

describe('Support message form', { timeout: 30_000 }, () => {
  it('asks for stars on a review and sends subject, category, message and rating', async () => {
    const app = renderForm();
    await choose(app.events, 'Subject', 'Review & Ratings');
    await choose(app.events, 'Category', 'general');
    await app.events.type(screen.getByRole('textbox', { name: 'Message' }), 'Polite agent');
    await app.events.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please give a rating from 1 to 5');
    expect(app.calls).toHaveLength(0);

    // The stars take Enter as a click; jsdom has no layout for the pointer's position.
    screen.getByRole('radio', { name: '4' }).focus();
    await app.events.keyboard('{Enter}');
    await app.events.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Support message sent')).toBeInTheDocument();
    expect(JSON.parse(String(app.calls[0]?.init.body))).toEqual({
      subject: 'Review & Ratings',
      category: 'general',
      message: 'Polite agent',
      rating: 4,
    });
  });

  it('sends no rating on another subject and shows a refusal', async () => {
    const app = renderForm({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'Message is required' },
    });
    await choose(app.events, 'Subject', 'Payment Issue');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    await choose(app.events, 'Category', 'billing');
    await app.events.type(screen.getByRole('textbox', { name: 'Message' }), 'EMI shows unpaid');
    await app.events.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message is required')).toBeInTheDocument();
    expect(JSON.parse(String(app.calls[0]?.init.body)).rating).toBeNull();
  });
});
