import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoadingOrFailed, SectionLoader } from './loading-or-failed';
import { NOT_AVAILABLE_OFFLINE } from './offline-notice';

const renderIn = (node: React.ReactNode) => render(<MantineProvider>{node}</MantineProvider>);

describe('a section waiting for its data', () => {
  it('spins while the connection is there', () => {
    renderIn(<SectionLoader label="Loading the loan" />);
    expect(screen.getByLabelText('Loading the loan')).toBeInTheDocument();
    expect(screen.queryByText(NOT_AVAILABLE_OFFLINE)).toBeNull();
  });

  it('says it opens when the connection is back instead of spinning for ever, and spins again once it is', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderIn(<LoadingOrFailed failed={false} message="Failed to load the loan" />);
    expect(screen.getByRole('status')).toHaveTextContent(NOT_AVAILABLE_OFFLINE);
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(NOT_AVAILABLE_OFFLINE)).toBeNull();
  });

  it('offline, a failed read says the same rather than an error', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderIn(<LoadingOrFailed failed message="Failed to load the loan" />);
    expect(screen.getByText(NOT_AVAILABLE_OFFLINE)).toBeInTheDocument();
    expect(screen.queryByText('Failed to load the loan')).toBeNull();
  });
});
