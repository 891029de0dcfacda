// No React here: the page's small entry captures the prompt (useCanInstall lives with the button).

/** Chromium's install prompt event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
let capturing = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * Starts listening for `beforeinstallprompt` / `appinstalled`. Call once, before React renders:
 * the browser may fire the event early.
 */
export function captureInstallPrompt(): void {
  if (capturing || typeof window === 'undefined') return;
  capturing = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    emit();
  });
}

/** Shows the browser's install prompt; the button hides once the install is accepted. */
export async function promptInstall(): Promise<void> {
  const event = deferred;
  if (!event) return;
  await event.prompt();
  const choice = await event.userChoice;
  // A prompt can be shown only once: after a dismissal the browser fires a fresh event later.
  if (choice.outcome === 'accepted' || deferred === event) {
    deferred = null;
    emit();
  }
}

/** Calls `listener` whenever the prompt comes or goes; returns the unsubscribe. */
export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the browser offers an install prompt. */
export function canInstall(): boolean {
  return deferred !== null;
}
