import {
  AUTH_BROADCAST_CHANNEL,
  AUTH_PATHS,
  type PopupMessage,
  popupMessageSchema,
  SIGN_IN_FAILURE_MESSAGES,
  SIGN_IN_POPUP,
  type SignInFailure,
} from '@placely/contract';

export const SIGN_IN_POPUP_NAME = 'placely-signin';
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

function popupFeatures(): string {
  const { width, height } = SIGN_IN_POPUP;
  const outerWidth = window.outerWidth || window.innerWidth;
  const outerHeight = window.outerHeight || window.innerHeight;
  const left = Math.max(0, Math.round(window.screenX + (outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (outerHeight - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top}`;
}

/**
 * Opens the identity-provider popup and resolves with the access token it posts back.
 * Must be called synchronously from a user gesture (click), or browsers block the popup.
 */
export function openSignInPopup(): Promise<PopupToken> {
  const origin = window.location.origin;
  const url = `${AUTH_PATHS.start}?origin=${encodeURIComponent(origin)}`;
  const popup = window.open(url, SIGN_IN_POPUP_NAME, popupFeatures());
  if (!popup) return Promise.reject(new SignInPopupError('popupBlocked'));
  popup.focus();

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

    const settle = (message: PopupMessage) => {
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

    const accept = (event: MessageEvent) => {
      // Only our own origin may talk to us, and only with a well-formed popup message.
      if (event.origin && event.origin !== origin) return;
      const parsed = popupMessageSchema.safeParse(event.data);
      if (parsed.success) settle(parsed.data);
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

    const poll = setInterval(() => {
      if (settled || closedTimer || !popup.closed) return;
      closedTimer = setTimeout(() => {
        if (settled) return;
        cleanup();
        reject(new SignInPopupError('popupClosed'));
      }, CLOSED_GRACE_MS);
    }, CLOSED_POLL_MS);
  });
}
