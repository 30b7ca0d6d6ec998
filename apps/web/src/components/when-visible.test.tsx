import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubIntersection } from '../test/browser-stand-ins';
import { WhenVisible } from './when-visible';

const renderIn = (node: React.ReactNode) => render(<MantineProvider>{node}</MantineProvider>);

describe('a heavy part below the fold', () => {
  it('is not drawn until it comes near the screen, its height held meanwhile', () => {
    const seen = stubIntersection();
    const { container } = renderIn(
      <WhenVisible minHeight={296}>
        <p>Cash Flow Projection</p>
      </WhenVisible>,
    );
    expect(screen.queryByText('Cash Flow Projection')).toBeNull();
    expect(container.querySelector('[aria-hidden]')?.getAttribute('style')).toContain(
      'min-height: calc(18.5rem',
    );
    act(() => seen.reach?.());
    expect(screen.getByText('Cash Flow Projection')).toBeInTheDocument();
  });

  it('is drawn at once where the browser cannot tell what is in view', () => {
    renderIn(
      <WhenVisible minHeight={296}>
        <p>Cash Flow Projection</p>
      </WhenVisible>,
    );
    expect(screen.getByText('Cash Flow Projection')).toBeInTheDocument();
  });
});
