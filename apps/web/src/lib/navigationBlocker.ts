import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type To } from 'react-router';

// The app uses React Router's declarative router (BrowserRouter-like, ~16 KB gzip lighter than the data router on
// every page's first load), which has no useBlocker. This is the one piece of it the app used: a page with unsaved
// changes asks before an in-app navigation or the browser's back/forward leaves it.

type BrowserHistory = ReturnType<typeof createBrowserHistory>;
type Listener = Parameters<BrowserHistory['listen']>[0];

/** Decides whether leaving `currentLocation` for `nextLocation` must be confirmed first. */
export type ShouldBlock = (args: {
  currentLocation: Pick<Location, 'pathname' | 'search'>;
  nextLocation: Pick<Location, 'pathname' | 'search'>;
}) => boolean;

export type Blocker =
  | { state: 'unblocked'; proceed: undefined; reset: undefined }
  | { state: 'blocked'; proceed: () => void; reset: () => void };

const UNBLOCKED: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined };

let activeHistory: BrowserHistory | null = null;
let shouldBlock: ShouldBlock | null = null;
let blocker: Blocker = UNBLOCKED;
const subscribers = new Set<() => void>();

function setBlocker(next: Blocker) {
  blocker = next;
  for (const notify of subscribers) notify();
}

/**
 * The browser history for the app's router (HistoryRouter): push, replace and back/forward go through the blocker a
 * mounted `useNavigationBlocker` set. A blocked back/forward is undone at once and redone on proceed.
 */
export function createBlockingBrowserHistory(): BrowserHistory {
  const base = createBrowserHistory({ v5Compat: true });
  // Pops this history makes itself (undoing or redoing a blocked back/forward): not navigations to ask about.
  let ownPops: Array<'undo' | 'redo'> = [];
  const blocks = (to: To) => {
    if (!shouldBlock || blocker.state === 'blocked') return false;
    const next = base.createURL(to);
    const { pathname, search } = base.location;
    return shouldBlock({ currentLocation: { pathname, search }, nextLocation: next });
  };
  const guarded =
    (navigate: BrowserHistory['push']): BrowserHistory['push'] =>
    (to, state) => {
      if (!blocks(to)) return navigate(to, state);
      setBlocker({
        state: 'blocked',
        proceed: () => {
          setBlocker(UNBLOCKED);
          navigate(to, state);
        },
        reset: () => setBlocker(UNBLOCKED),
      });
    };
  const history: BrowserHistory = {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    go: (delta) => base.go(delta),
    push: guarded((to, state) => base.push(to, state)),
    replace: guarded((to, state) => base.replace(to, state)),
    listen(listener: Listener) {
      let shown = base.location;
      return base.listen((update) => {
        const own = update.action === 'POP' ? ownPops.shift() : undefined;
        if (own === 'undo') return;
        if (!own && update.action === 'POP' && update.delta !== null && shouldBlock && blocker.state !== 'blocked') {
          const next = update.location;
          if (shouldBlock({ currentLocation: shown, nextLocation: next })) {
            const delta = update.delta;
            ownPops.push('undo');
            base.go(-delta);
            setBlocker({
              state: 'blocked',
              proceed: () => {
                setBlocker(UNBLOCKED);
                ownPops.push('redo');
                base.go(delta);
              },
              reset: () => setBlocker(UNBLOCKED),
            });
            return;
          }
        }
        shown = update.location;
        listener(update);
      });
    },
  };
  activeHistory = history;
  ownPops = [];
  return history;
}

/** Asks before leaving while `when` says so (the data router's useBlocker, for the app's history). */
export function useNavigationBlocker(when: ShouldBlock): Blocker {
  const whenRef = useRef(when);
  whenRef.current = when;
  useEffect(() => {
    // On the server (static router) there is nothing to leave.
    if (!activeHistory) return;
    const mine: ShouldBlock = (args) => whenRef.current(args);
    shouldBlock = mine;
    return () => {
      if (shouldBlock === mine) shouldBlock = null;
      setBlocker(UNBLOCKED);
    };
  }, []);
  const subscribe = useCallback((notify: () => void) => {
    subscribers.add(notify);
    return () => subscribers.delete(notify);
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => blocker,
    () => UNBLOCKED,
  );
}
