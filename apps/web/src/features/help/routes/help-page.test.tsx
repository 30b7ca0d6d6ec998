import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

beforeEach(() => window.localStorage.clear());

const SUBMITTED = "Support ticket submitted successfully! We'll get back to you within 24 hours.";

describe('Support and Help', { timeout: 30_000 }, () => {
  it('has the five tabs and narrows the questions by search', async () => {
    const app = renderApp('/admin/support-help', { user: makeUser('admin') });
    for (const tab of ['Help Center', 'Contact Support', 'Documentation', 'Community', 'System Status'])
      expect(await screen.findByRole('tab', { name: tab })).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('Search help articles...'), { target: { value: 'bounce' } });
    expect(screen.getByText('What happens when an EMI bounces?')).toBeInTheDocument();
    expect(screen.queryByText('How do I reset my password?')).toBeNull();
    await app.events.click(screen.getByRole('tab', { name: 'System Status' }));
    expect(
      within(await screen.findByTestId('system-status')).getAllByText('Operational').length,
    ).toBeGreaterThan(0);
  });

  it('requires the ticket’s fields, then submits it on this device only', async () => {
    const agent = makeUser('agent');
    const app = renderApp('/help', { user: agent });
    await app.events.click(await screen.findByRole('tab', { name: 'Contact Support' }));
    const form = await screen.findByTestId('ticket-form');
    expect(within(form).getByLabelText(/^Name/)).toHaveValue(agent.name);
    await app.events.click(within(form).getByRole('button', { name: 'Submit Ticket' }));
    expect(await within(form).findByText('Subject is required')).toBeInTheDocument();
    expect(within(form).getByText('Message is required')).toBeInTheDocument();

    fireEvent.change(within(form).getByRole('combobox', { name: /^Subject/ }), {
      target: { value: 'Payment Issue' },
    });
    fireEvent.change(within(form).getByLabelText(/^Message/), { target: { value: 'Receipt not printed' } });
    await app.events.click(within(form).getByRole('button', { name: 'Submit Ticket' }));
    expect(await screen.findByText(SUBMITTED)).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Message/)).toHaveValue('');
    expect(JSON.parse(window.localStorage.getItem('lending.support-tickets') ?? '[]')[0]).toMatchObject({
      subject: 'Payment Issue',
      priority: 'medium',
      category: 'general',
    });
    expect(app.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('offers an agent the form that sends a support message to the office', async () => {
    renderApp('/help', { user: makeUser('agent') });
    const office = await screen.findByTestId('help-message-office');
    expect(within(office).getByRole('heading', { name: 'Message the office' })).toBeInTheDocument();
    expect(within(office).getByRole('button', { name: /send|submit/i })).toBeInTheDocument();
  });
});
