import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { adoptSignInPopup, type EarlySignIn } from '../features/auth/popup';
import { provideTouchRipple } from '../lib/components/LazyTouchRipple';
import { createBlockingBrowserHistory } from '../lib/navigationBlocker';
import { App } from './App';
import { AppRoutes } from './router';

export interface StartOptions {
  /** A sign-in popup the page opened before the app had loaded (a click on a server-rendered page). */
  signInPopup?: Window | null;
  /** What that popup posted before the app was there to hear it. */
  earlySignIn?: EarlySignIn;
}

/** Mounts the whole app into `container`, replacing what the server rendered there. */
export function startApp(container: HTMLElement, options: StartOptions = {}): void {
  // The buttons' ripple, at its first use (lib/components/LazyTouchRipple.tsx).
  provideTouchRipple(() => import('@mui/material/ButtonBase/TouchRipple'));
  if (options.signInPopup !== undefined) adoptSignInPopup(options.signInPopup, options.earlySignIn);
  createRoot(container).render(
    <StrictMode>
      <App>
        <HistoryRouter history={createBlockingBrowserHistory()}>
          <AppRoutes />
        </HistoryRouter>
      </App>
    </StrictMode>,
  );
}
