import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { adoptSignInPopup } from '../features/auth/popup';
import { App } from './App';
import { createAppRouter } from './router';

export interface StartOptions {
  /** A sign-in popup the page opened before the app had loaded (a click on a server-rendered page). */
  signInPopup?: Window | null;
}

/** Mounts the whole app into `container`, replacing what the server rendered there. */
export function startApp(container: HTMLElement, options: StartOptions = {}): void {
  if (options.signInPopup !== undefined) adoptSignInPopup(options.signInPopup);
  createRoot(container).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}
