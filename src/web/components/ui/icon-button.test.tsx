// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IconButton } from './icon-button';
import { loadTooltips } from './tooltip-loader';

afterEach(cleanup);

describe('an icon button whose tooltips arrive while it is pressed', () => {
  it('still takes the press as a click, and gains its tooltip after', async () => {
    const onClick = vi.fn();
    render(
      <IconButton label="Open menu" onClick={onClick}>
        <span>≡</span>
      </IconButton>,
    );
    const pressed = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.pointerDown(pressed);
    // The hover that came before the press asked for them; they land between down and up.
    await act(() => loadTooltips());
    expect(pressed.isConnected).toBe(true);
    fireEvent.pointerUp(pressed);
    fireEvent.click(pressed);
    expect(onClick).toHaveBeenCalledTimes(1);

    // Radix's trigger marks the button once the tooltip wraps it.
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('data-state')).toBe(
        'closed',
      ),
    );
  });
});
