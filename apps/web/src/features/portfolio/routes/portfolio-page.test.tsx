import type { TParTrend, TPortfolioEfficiency, TPortfolioSummary } from '@lending/domain';
import { PORTFOLIO_BOOK_AGENT_A } from '@lending/domain/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import type { TMockCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const summary: TPortfolioSummary = {
  as_of: '2026-11-21',
  loans: 5,
  outstanding: 25_008,
  par: [
    { days: '1', loans: 4, amount: 24_688, share: 98.72 },
    { days: '7', loans: 4, amount: 24_688, share: 98.72 },
    { days: '30', loans: 3, amount: 22_768, share: 91.04 },
    { days: '90', loans: 1, amount: 8_000, share: 31.99 },
  ],
  buckets: [
    { bucket: '1-7', min_days: 1, max_days: 7, loans: 0, amount: 0 },
    { bucket: '8-30', min_days: 8, max_days: 30, loans: 1, amount: 1_920 },
    { bucket: '31-90', min_days: 31, max_days: 90, loans: 2, amount: 14_768 },
    { bucket: '91+', min_days: 91, max_days: null, loans: 1, amount: 8_000 },
  ],
  agents: [{ agent_id: 30, agent_name: 'Ramesh Agent', ...PORTFOLIO_BOOK_AGENT_A }],
};

const figures = { collected: 100, arrears_at_start: 3_160, due_in_period: 600, due: 3_760, ratio: 2.66 };
const efficiencyOf = (call: TMockCall): TPortfolioEfficiency => ({
  period: (call.url.searchParams.get('period') ?? 'day') as TPortfolioEfficiency['period'],
  from: '2026-11-01',
  through: '2026-11-21',
  ...figures,
  agents: [{ agent_id: 30, agent_name: 'Ramesh Agent', ...figures }],
});
const trend: TParTrend = {
  points: [
    { date: '2026-11-20', par30: 20_000, outstanding: 25_000, share: 80 },
    { date: '2026-11-21', par30: 22_768, outstanding: 25_008, share: 91.04 },
  ],
};

const renderPortfolio = () =>
  renderApp('/admin/portfolio', {
    user: makeUser('admin'),
    api: {
      'GET /clock': { body: { today: '2026-11-21' } },
      'GET /portfolio/summary': { body: summary },
      'GET /portfolio/efficiency': (call) => ({ body: efficiencyOf(call) }),
      'GET /portfolio/par-trend': { body: trend },
    },
  });

describe('Portfolio (/admin/portfolio)', () => {
  it('shows the PAR cards, the ageing buckets linking to their loans and each agent', async () => {
    renderPortfolio();
    expect(await screen.findByRole('heading', { name: 'Portfolio' })).toBeInTheDocument();
    expect(await screen.findByTestId('portfolio-par30')).toHaveTextContent('91.04% of the book · 3 loans');
    expect(screen.getByTestId('portfolio-outstanding')).toHaveTextContent('5 loans');
    expect(screen.getByTestId('ageing-link-31-90')).toHaveAttribute(
      'href',
      '/admin/loans?overdue_min=31&overdue_max=90',
    );
    expect(screen.getByTestId('ageing-link-91+')).toHaveAttribute('href', '/admin/loans?overdue_min=91');
    expect(within(screen.getByTestId('portfolio-agents')).getByText('Ramesh Agent')).toBeInTheDocument();
    expect(screen.getByTestId('par-trend-chart')).toBeInTheDocument();
  });

  it('asks for the efficiency of the period chosen', async () => {
    const app = renderPortfolio();
    const panel = await screen.findByTestId('efficiency-panel');
    await waitFor(() => expect(within(panel).getAllByText('2.66%').length).toBe(2));
    await app.events.click(within(panel).getByText('Week'));
    await waitFor(() =>
      expect(
        app.calls.some(
          (call) => call.path === '/portfolio/efficiency' && call.url.searchParams.get('period') === 'week',
        ),
      ).toBe(true),
    );
  });

  it('opens the loans list with the bucket’s days overdue as its filter', async () => {
    const app = renderPortfolio();
    await app.events.click(await screen.findByTestId('ageing-link-31-90'));
    await waitFor(() => expect(app.pathname()).toBe('/admin/loans'));
    await waitFor(() => {
      const list = app.calls.filter((call) => call.path === '/loans').at(-1);
      expect(list?.url.searchParams.get('overdue_min')).toBe('31');
      expect(list?.url.searchParams.get('overdue_max')).toBe('90');
    });
    expect(await screen.findByText('Overdue: 31–90 days')).toBeInTheDocument();
  });
});
