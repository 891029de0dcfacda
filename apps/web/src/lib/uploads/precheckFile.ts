import { FILE_MESSAGES, FILE_RULES, type FilePurpose } from '@placely/contract';

/** Checks we can make before sending a byte; the server checks again, by content. */
export function precheckFile(file: File, purpose: FilePurpose): string | null {
  if (file.size === 0) return FILE_MESSAGES.empty;
  if (file.size > FILE_RULES[purpose].maxBytes) return FILE_MESSAGES.tooLarge(purpose);
  return null;
}
