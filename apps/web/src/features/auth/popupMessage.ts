import { type PopupMessage, popupMessageSchema } from '@placely/contract';

/**
 * The popup's message checked against the contract's schema, or null. Its own chunk: the schema brings zod and the
 * sign-in result's schemas, which only a sign-in needs (openSignInPopup starts loading it with the popup).
 */
export function readPopupMessage(data: unknown): PopupMessage | null {
  const parsed = popupMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
