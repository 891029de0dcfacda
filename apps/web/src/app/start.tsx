import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { adoptSignInPopup } from '../features/auth/popup';
import { createBlockingBrowserHistory } from '../lib/navigationBlocker';
import { App } from './App';
import { AppRoutes } from './router';

export interface StartOptions {
  /** A sign-in popup the page opened before the app had loaded (a click on a server-rendered page). */
  signInPopup?: Window | null;
}

/** Mounts the whole app into `container`, replacing what the server rendered there. */
export function startApp(container: HTMLElement, options: StartOptions = {}): void {
  if (options.signInPopup !== undefined) adoptSignInPopup(options.signInPopup);
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
