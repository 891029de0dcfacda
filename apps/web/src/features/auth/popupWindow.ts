import { AUTH_PATHS, SIGN_IN_POPUP } from '@placely/contract';

export const SIGN_IN_POPUP_NAME = 'placely-signin';

function popupFeatures(): string {
  const { width, height } = SIGN_IN_POPUP;
  const outerWidth = window.outerWidth || window.innerWidth;
  const outerHeight = window.outerHeight || window.innerHeight;
  const left = Math.max(0, Math.round(window.screenX + (outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (outerHeight - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top}`;
}

/**
 * Opens the identity provider's popup window (null when the browser blocked it). Must run synchronously inside a
 * click. Kept apart from the message handling so the small entry of server-rendered pages can call it.
 */
export function openSignInWindow(): Window | null {
  const url = `${AUTH_PATHS.start}?origin=${encodeURIComponent(window.location.origin)}`;
  const popup = window.open(url, SIGN_IN_POPUP_NAME, popupFeatures());
  popup?.focus();
  return popup;
}
