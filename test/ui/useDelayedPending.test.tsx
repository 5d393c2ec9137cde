import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDelayedPending } from '../../resources/shared/useDelayedPending';

const renderDelayed = (isPending: boolean) =>
  renderHook(({ pending }) => useDelayedPending(pending, { delay: 1000, minDuration: 500 }), {
    initialProps: { pending: isPending },
  });

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('useDelayedPending (SPEC §9: pending delay 1000 ms, minimum display 500 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows nothing before 1000 ms of pending work', () => {
    const { result } = renderDelayed(true);
    advance(999);
    expect(result.current).toBe(false);
    advance(1);
    expect(result.current).toBe(true);
  });

  it('never shows for work that ends before the delay', () => {
    const { result, rerender } = renderDelayed(true);
    advance(800);
    rerender({ pending: false });
    advance(5000);
    expect(result.current).toBe(false);
  });

  it('stays at least 500 ms once shown, even when the work ends at once', () => {
    const { result, rerender } = renderDelayed(true);
    advance(1000);
    expect(result.current).toBe(true);
    advance(100);
    rerender({ pending: false });
    advance(399);
    expect(result.current).toBe(true);
    advance(1);
    expect(result.current).toBe(false);
  });

  it('hides as soon as the work ends when it was shown longer than 500 ms', () => {
    const { result, rerender } = renderDelayed(true);
    advance(1000 + 2000);
    rerender({ pending: false });
    advance(0);
    expect(result.current).toBe(false);
  });

  it('stays shown when new work starts during the minimum display', () => {
    const { result, rerender } = renderDelayed(true);
    advance(1000);
    rerender({ pending: false });
    advance(200);
    rerender({ pending: true });
    advance(2000);
    expect(result.current).toBe(true);
  });
});
