import { errorMessage } from './api/errors';
import { type ShowSnackbarInput, useAppStore } from './store';

export function showSnackbar(input: ShowSnackbarInput): void {
  useAppStore.getState().showSnackbar(input);
}

export function showSuccess(message: string, timeout?: number): void {
  showSnackbar({ message, type: 'success', ...(timeout === undefined ? {} : { timeout }) });
}

/** Shows a message, or the message of any thrown value (ApiError text or the generic unexpected error). */
export function showError(messageOrError: unknown, timeout?: number): void {
  const message = typeof messageOrError === 'string' ? messageOrError : errorMessage(messageOrError);
  showSnackbar({ message, type: 'error', ...(timeout === undefined ? {} : { timeout }) });
}

export function hideSnackbar(): void {
  useAppStore.getState().hideSnackbar();
}
