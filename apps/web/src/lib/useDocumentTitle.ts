import { useEffect } from 'react';

export const APP_NAME = 'Placely';

/** "Profile" → "Profile · Placely"; no title → "Placely". */
export function formatDocumentTitle(title?: string): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);
}
