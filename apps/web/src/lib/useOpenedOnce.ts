import { useState } from 'react';

/**
 * True from the first render with `open` on. Lets a dialog, drawer or snackbar load its MUI parts (Modal, focus
 * trap, transitions) in their own chunk at its first opening, and stay mounted afterwards for its closing animation.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
