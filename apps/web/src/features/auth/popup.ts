import {
  AUTH_BROADCAST_CHANNEL,
  type PopupMessage,
  SIGN_IN_FAILURE_MESSAGES,
  type SignInFailure,
} from '@placely/contract';
import { openSignInWindow } from './popupWindow';

export { SIGN_IN_POPUP_NAME } from './popupWindow';

const CLOSED_POLL_MS = 500;
/** After the popup closes, a message it sent just before may still be on its way. */
const CLOSED_GRACE_MS = 800;

export class SignInPopupError extends Error {
  override readonly name = 'SignInPopupError';
  readonly failure: SignInFailure;

  constructor(failure: SignInFailure) {
    super(SIGN_IN_FAILURE_MESSAGES[failure]);
    this.failure = failure;
  }
}

export interface PopupToken {
  accessToken: string;
  expiresAt: string;
}

/**
 * What the page's entry heard from a popup it opened before the app loaded: a quick sign-in can finish (and post its
 * one message) while the app is still loading, so the entry listens from the click on and hands the message over.
 */
export interface EarlySignIn {
  message: unknown;
}

/** A popup opened before the app loaded (server-rendered page), waiting for the sign-in to take it over. */
let adopted: { popup: Window | null; early?: EarlySignIn } | null = null;

export function adoptSignInPopup(popup: Window | null, early?: EarlySignIn): void {
  adopted = early ? { popup, early } : { popup };
}

/** True while the page has handed over a sign-in that the app must finish. */
export function hasAdoptedSignIn(): boolean {
  return adopted !== null;
}

function adoptedOrNewPopup(): { popup: Window | null; early?: EarlySignIn } {
  if (!adopted) return { popup: openSignInWindow() };
  const taken = adopted;
  adopted = null;
  return taken;
}

/**
 * Opens the identity-provider popup and resolves with the access token it posts back.
 * Must be called synchronously from a user gesture (click), or browsers block the popup.
 */
export function openSignInPopup(): Promise<PopupToken> {
  const origin = window.location.origin;
  const { popup, early } = adoptedOrNewPopup();
  if (!popup) return Promise.reject(new SignInPopupError('popupBlocked'));

  // Loading from the click on: the person is still at the identity provider when it arrives. Without it (the network
  // failed) no message can be trusted, and the sign-in fails as a network failure.
  const reader = import('./popupMessage').then(
    (module) => module.readPopupMessage,
    () => null,
  );

  return new Promise<PopupToken>((resolve, reject) => {
    let settled = false;
    let closedTimer: ReturnType<typeof setTimeout> | undefined;
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(AUTH_BROADCAST_CHANNEL);

    const cleanup = () => {
      settled = true;
      window.removeEventListener('message', onWindowMessage);
      channel?.removeEventListener('message', onChannelMessage);
      channel?.close();
      clearInterval(poll);
      if (closedTimer) clearTimeout(closedTimer);
    };

    const settle = (message: PopupMessage | { ok: false; failure: SignInFailure }) => {
      if (settled) return;
      cleanup();
      try {
        if (!popup.closed) popup.close();
      } catch {
        // the popup may be cross-origin or already gone
      }
      if (message.ok) resolve({ accessToken: message.accessToken, expiresAt: message.expiresAt });
      else reject(new SignInPopupError(message.failure));
    };

    const read = (data: unknown) => {
      void reader.then((readPopupMessage) => {
        if (!readPopupMessage) return settle({ ok: false, failure: 'networkFailed' });
        const message = readPopupMessage(data);
        if (message) settle(message);
      });
    };

    const accept = (event: MessageEvent) => {
      // Only our own origin may talk to us, and only with a well-formed popup message.
      if (event.origin && event.origin !== origin) return;
      read(event.data);
    };

    function onWindowMessage(event: MessageEvent) {
      if (event.origin !== origin) return;
      accept(event);
    }
    function onChannelMessage(event: MessageEvent) {
      accept(event);
    }

    window.addEventListener('message', onWindowMessage);
    channel?.addEventListener('message', onChannelMessage);
    // The sign-in may have finished while the app loaded: its message reached the page's entry, not these listeners.
    if (early?.message !== undefined) read(early.message);

    const poll = setInterval(() => {
      if (settled || closedTimer || !popup.closed) return;
      closedTimer = setTimeout(() => {
        // After any message that came before the popup closed has been read (its reader may still be loading).
        void reader.then(() => {
          if (settled) return;
          cleanup();
          reject(new SignInPopupError('popupClosed'));
        });
      }, CLOSED_GRACE_MS);
    }, CLOSED_POLL_MS);
  });
}
