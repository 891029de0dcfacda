import { AUTH_BROADCAST_CHANNEL, type PopupMessage } from '@placely/contract';

/**
 * The last page of the sign-in popup. CSP allows no inline script, so the result travels as JSON data
 * and a static script delivers it: postMessage to the opener (exact origin) and, for a popup whose
 * opener was severed, the same-origin BroadcastChannel.
 */
export function popupResultPage(message: PopupMessage, targetOrigin: string | null, text: string): string {
  const json = JSON.stringify(message).replace(/</g, '\\u003c');
  const origin = targetOrigin ? ` data-origin="${escapeAttribute(targetOrigin)}"` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Placely sign-in</title><script type="application/json" id="placely-auth-result"${origin}>${json}</script>
<script src="/api/auth/popup.js" defer></script></head>
<body style="font-family:Roboto,system-ui,sans-serif;text-align:center;padding:48px 16px;color:#1c2430">
<p>${escapeAttribute(text)}</p><p><a href="/">Go to Placely</a></p></body></html>`;
}

export const POPUP_SCRIPT = `(function () {
  var element = document.getElementById('placely-auth-result');
  if (!element) return;
  var message = JSON.parse(element.textContent || 'null');
  var origin = element.getAttribute('data-origin');
  if (!origin) return;
  try { if (window.opener) window.opener.postMessage(message, origin); } catch (error) { /* opener gone */ }
  try { var channel = new BroadcastChannel(${JSON.stringify(AUTH_BROADCAST_CHANNEL)}); channel.postMessage(message); channel.close(); } catch (error) { /* unsupported */ }
  setTimeout(function () { window.close(); }, 100);
})();
`;

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
