// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Badge } from '../../src/web/components/Badge.tsx';

afterEach(cleanup);

describe('Badge', () => {
  it('shows 99+ above 99', () => {
    const { container } = render(<Badge count={150} label="unread messages" />);
    expect(container.textContent).toBe('99+ unread messages');
  });

  it('shows the number up to 99', () => {
    const { container } = render(<Badge count={7} label="unread messages" />);
    expect(container.textContent).toBe('7 unread messages');
  });

  it('renders nothing for 0', () => {
    const { container } = render(<Badge count={0} label="unread messages" />);
    expect(container.innerHTML).toBe('');
  });
});
