/** Every notifications query lives under this root, so a change refreshes the list and the count together. */
export const NOTIFICATIONS_ROOT = ['notifications'] as const;
