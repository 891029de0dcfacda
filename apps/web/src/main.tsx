import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { AUTH_BROADCAST_CHANNEL } from '@placely/contract';
import { openSignInWindow } from './features/auth/popupWindow';
import { captureInstallPrompt } from './features/shell/installPrompt';
import { readStoredAccessToken } from './lib/tokenStorage';

// The entry stays tiny on purpose: a signed-out visitor of a server-rendered public page (a form link, a portfolio,
// a join link, home) reads it without the app. The app (React, MUI, router, queries) loads only when it is needed:
// at once for client-rendered pages and for signed-in visitors, or on the first click that needs it.
captureInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

/**
 * Listens for the popup's message from the click on: a quick sign-in can post it (once) before the app has loaded,
 * and the app's own listeners would miss it. The app validates what is kept.
 */
function listenForEarlySignIn(): { message: unknown } {
  const early: { message: unknown } = { message: undefined };
  // Only a popup result ({ ok: … }) is kept, so another same-origin message cannot take its place.
  const keep = (data: unknown) => {
    if (early.message === undefined && typeof data === 'object' && data !== null && 'ok' in data) early.message = data;
  };
  window.addEventListener('message', (event) => {
    if (event.origin === window.location.origin) keep(event.data);
  });
  if (typeof BroadcastChannel !== 'undefined') {
    new BroadcastChannel(AUTH_BROADCAST_CHANNEL).addEventListener('message', (event) => keep(event.data));
  }
  return early;
}

let started = false;
function start(signInPopup?: Window | null, earlySignIn?: { message: unknown }) {
  if (started) return;
  started = true;
  // The server names the route's chunks; fetching them with the app saves a round trip after the router runs.
  for (const href of (container?.dataset.preload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  void import('./app/start').then(({ startApp }) =>
    startApp(
      container as HTMLElement,
      signInPopup === undefined ? {} : { signInPopup, ...(earlySignIn ? { earlySignIn } : {}) },
    ),
  );
}

if (container.dataset.ssr !== 'static' || readStoredAccessToken()) {
  start();
} else {
  // Server-rendered and signed out: the page is complete. A click on "Sign in with Google" opens the popup at once
  // (browsers allow popups only within the click) and loads the app, which takes the sign-in over from there.
  container.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('[data-app-action]') : null;
    if (!target) return;
    event.preventDefault();
    if (target.getAttribute('data-app-action') === 'print') {
      window.print();
      return;
    }
    if (target.getAttribute('data-app-action') === 'sign-in') start(openSignInWindow(), listenForEarlySignIn());
    else start();
  });
  // Views of a shared portfolio are counted by the same request the app makes.
  const countView = container.dataset.countView;
  if (countView) requestAndRead(countView);
  // The page came with its data, so the app never asked for it: ask once the service worker controls the page, so
  // the next visit (served by the worker, rendered by the app) finds the form offline too.
  const offlineCopy = container.dataset.offline;
  if (offlineCopy && 'serviceWorker' in navigator) {
    const keep = () => requestAndRead(offlineCopy);
    if (navigator.serviceWorker.controller) keep();
    else navigator.serviceWorker.addEventListener('controllerchange', keep, { once: true });
  }
}

/**
 * A GET whose answer only matters to the server (a counted view) or to the service worker's cache. The body is read to
 * its end even so: Chrome keeps a fetch whose body nobody reads open, so the page never went network-idle (Lighthouse
 * gave up waiting on /viewer after 45 s) and the connection stayed busy.
 */
function requestAndRead(url: string): void {
  void fetch(url, { credentials: 'same-origin' })
    .then((response) => response.arrayBuffer())
    .catch(() => undefined);
}
