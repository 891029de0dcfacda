import {
  type EducationEntry,
  type PortfolioSummary,
  type ProfileDetails,
  SNACKBAR_DEFAULT_TIMEOUT_MS,
  SNACKBAR_INITIAL_TIMEOUT_MS,
  type User,
} from '@placely/contract';
import { create } from 'zustand';
import { useActingFor } from './actingFor';
import { clearStoredAccessToken, writeStoredAccessToken } from './tokenStorage';

export type SnackbarType = 'success' | 'error';
export type SnackbarLocation = 'top' | 'bottom';

export interface SnackbarState {
  visible: boolean;
  location: SnackbarLocation;
  timeout: number;
  /** Used as the colour of the message. */
  type: SnackbarType;
  message: string;
}

export interface ShowSnackbarInput {
  message: string;
  type?: SnackbarType;
  /** Defaults to SNACKBAR_DEFAULT_TIMEOUT_MS when left out. */
  timeout?: number;
  location?: SnackbarLocation;
}

/** Who signed in before an account type was chosen (spec §4). */
export interface PendingIdentity {
  name: string;
  email: string;
  photo: string | null;
}

export interface SessionData {
  user: User;
  profile: ProfileDetails | null;
  education: EducationEntry[];
  portfolios: PortfolioSummary[];
}

export interface AppState {
  accessToken: string | null;
  snackbar: SnackbarState;
  overlayLoading: boolean;
  user: User | null;
  pendingIdentity: PendingIdentity | null;
  profile: ProfileDetails | null;
  education: EducationEntry[];
  portfolios: PortfolioSummary[];
  /** True once a sign-in completed with a known account type. */
  signedIn: boolean;

  /** Sets the access token in state and in localStorage (null removes it). */
  setAccessToken: (token: string | null) => void;
  /** Sets the access token in state only (e.g. when another tab already stored it). */
  adoptAccessToken: (token: string | null) => void;
  showSnackbar: (input: ShowSnackbarInput) => void;
  hideSnackbar: () => void;
  setOverlayLoading: (loading: boolean) => void;
  setSession: (session: SessionData) => void;
  setUser: (user: User) => void;
  setPendingIdentity: (identity: PendingIdentity | null) => void;
  setProfile: (profile: ProfileDetails) => void;
  /** Sign-out: clears tokens (state + localStorage), user data and the sign-in flag. */
  clearSession: () => void;
}

export const initialSnackbar: SnackbarState = {
  visible: false,
  location: 'top',
  timeout: SNACKBAR_INITIAL_TIMEOUT_MS,
  type: 'success',
  message: '',
};

const emptySession = {
  accessToken: null,
  user: null,
  pendingIdentity: null,
  profile: null,
  education: [],
  portfolios: [],
  signedIn: false,
} satisfies Partial<AppState>;

export const useAppStore = create<AppState>()((set) => ({
  ...emptySession,
  snackbar: initialSnackbar,
  overlayLoading: false,

  setAccessToken: (token) => {
    if (token) writeStoredAccessToken(token);
    else clearStoredAccessToken();
    set({ accessToken: token });
  },
  adoptAccessToken: (token) => set({ accessToken: token }),
  showSnackbar: ({ message, type = 'success', timeout, location = 'top' }) =>
    set({
      snackbar: { visible: true, message, type, location, timeout: timeout ?? SNACKBAR_DEFAULT_TIMEOUT_MS },
    }),
  hideSnackbar: () => set((state) => ({ snackbar: { ...state.snackbar, visible: false } })),
  setOverlayLoading: (overlayLoading) => set({ overlayLoading }),
  setSession: ({ user, profile, education, portfolios }) =>
    set({ user, profile, education, portfolios, pendingIdentity: null, signedIn: true }),
  setUser: (user) => set({ user, pendingIdentity: null, signedIn: true }),
  setPendingIdentity: (pendingIdentity) => set({ pendingIdentity }),
  setProfile: (profile) => set({ profile }),
  clearSession: () => {
    clearStoredAccessToken();
    useActingFor.getState().clear();
    set({ ...emptySession });
  },
}));
