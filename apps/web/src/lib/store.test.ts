import { SNACKBAR_DEFAULT_TIMEOUT_MS, SNACKBAR_INITIAL_TIMEOUT_MS } from '@placely/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { initialSnackbar, useAppStore } from './store';
import { ACCESS_TOKEN_STORAGE_KEY } from './tokenStorage';

beforeEach(() => {
  localStorage.clear();
  useAppStore.setState({ snackbar: initialSnackbar });
  useAppStore.getState().clearSession();
});

describe('snackbar state', () => {
  it('starts hidden, at the top, with the 5000 ms initial timeout', () => {
    expect(useAppStore.getState().snackbar).toEqual({
      visible: false,
      location: 'top',
      timeout: SNACKBAR_INITIAL_TIMEOUT_MS,
      type: 'success',
      message: '',
    });
    expect(SNACKBAR_INITIAL_TIMEOUT_MS).toBe(5000);
  });

  it('uses 3000 ms when shown without a timeout', () => {
    useAppStore.getState().showSnackbar({ message: 'Saved' });
    expect(useAppStore.getState().snackbar).toMatchObject({
      visible: true,
      message: 'Saved',
      type: 'success',
      location: 'top',
      timeout: SNACKBAR_DEFAULT_TIMEOUT_MS,
    });
    expect(SNACKBAR_DEFAULT_TIMEOUT_MS).toBe(3000);
  });

  it('keeps an explicit timeout, type and location', () => {
    useAppStore.getState().showSnackbar({ message: 'Nope', type: 'error', timeout: 8000, location: 'bottom' });
    expect(useAppStore.getState().snackbar).toMatchObject({ type: 'error', timeout: 8000, location: 'bottom' });
  });

  it('hides without losing the message', () => {
    useAppStore.getState().showSnackbar({ message: 'Bye' });
    useAppStore.getState().hideSnackbar();
    expect(useAppStore.getState().snackbar).toMatchObject({ visible: false, message: 'Bye' });
  });
});

describe('session state', () => {
  it('stores the access token in state and localStorage, and sign-out clears everything', () => {
    const store = useAppStore.getState();
    store.setAccessToken('abc');
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('abc');
    store.setUser({
      userId: 1,
      accountType: 'Individual',
      email: 'a@b.c',
      name: 'A',
      photo: null,
      institutionId: null,
      hasInstitutionAccess: false,
    });
    expect(useAppStore.getState().signedIn).toBe(true);

    useAppStore.getState().clearSession();
    const state = useAppStore.getState();
    expect(state.accessToken).toBeNull();
    expect(state.user).toBeNull();
    expect(state.signedIn).toBe(false);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
  });
});
