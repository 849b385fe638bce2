// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineIndicator } from '../../src/web/components/OfflineIndicator.tsx';
import { renderWithClient } from './render-with-client.tsx';

afterEach(cleanup);

describe('the offline indicator', () => {
  it('appears when the browser goes offline and leaves when it is back', () => {
    renderWithClient(<OfflineIndicator />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status').textContent).toBe("Offline - changes can't be saved");
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
