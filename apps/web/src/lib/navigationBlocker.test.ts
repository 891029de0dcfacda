import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBlockingBrowserHistory, type ShouldBlock, useNavigationBlocker } from './navigationBlocker';

const leavingPath: ShouldBlock = ({ currentLocation, nextLocation }) =>
  currentLocation.pathname !== nextLocation.pathname;

function setUp(when: ShouldBlock = leavingPath) {
  const history = createBlockingBrowserHistory();
  const seen: string[] = [];
  const stopListening = history.listen(({ location }) => seen.push(location.pathname));
  const hook = renderHook(() => useNavigationBlocker(when));
  return { history, seen, hook, stopListening };
}

describe('useNavigationBlocker with the app history', () => {
  let cleanUp: (() => void) | undefined;
  beforeEach(() => window.history.replaceState(null, '', '/editor'));
  afterEach(() => cleanUp?.());

  it('holds a push until proceed, and drops it on reset', () => {
    const { history, seen, hook, stopListening } = setUp();
    cleanUp = () => {
      hook.unmount();
      stopListening();
    };
    act(() => history.push('/openings'));
    expect(hook.result.current.state).toBe('blocked');
    expect(window.location.pathname).toBe('/editor');
    act(() => hook.result.current.reset?.());
    expect(hook.result.current.state).toBe('unblocked');
    expect(window.location.pathname).toBe('/editor');

    act(() => history.push('/openings'));
    act(() => hook.result.current.proceed?.());
    expect(hook.result.current.state).toBe('unblocked');
    expect(window.location.pathname).toBe('/openings');
    expect(seen).toEqual(['/openings']);
  });

  it('lets through what the predicate allows (same path, new query)', () => {
    const { history, hook, stopListening } = setUp();
    cleanUp = () => {
      hook.unmount();
      stopListening();
    };
    act(() => history.replace('/editor?tab=form'));
    expect(hook.result.current.state).toBe('unblocked');
    expect(window.location.search).toBe('?tab=form');
  });

  it('undoes a blocked back button and redoes it on proceed', async () => {
    const { history, seen, hook, stopListening } = setUp();
    cleanUp = () => {
      hook.unmount();
      stopListening();
    };
    hook.unmount();
    act(() => history.push('/editor/next'));
    const again = renderHook(() => useNavigationBlocker(leavingPath));
    cleanUp = () => {
      again.unmount();
      stopListening();
    };
    expect(window.location.pathname).toBe('/editor/next');

    act(() => history.go(-1));
    await waitFor(() => expect(again.result.current.state).toBe('blocked'));
    await waitFor(() => expect(window.location.pathname).toBe('/editor/next'));
    expect(seen).toEqual(['/editor/next']);

    act(() => again.result.current.proceed?.());
    await waitFor(() => expect(window.location.pathname).toBe('/editor'));
    expect(seen).toEqual(['/editor/next', '/editor']);
    expect(again.result.current.state).toBe('unblocked');
  });

  it('does nothing once the page that blocks is gone', () => {
    const { history, hook, stopListening } = setUp();
    cleanUp = stopListening;
    hook.unmount();
    history.push('/elsewhere');
    expect(window.location.pathname).toBe('/elsewhere');
  });
});
