/** Business constants and limits (spec §9) plus the field limits this product sets. */
export const SNACKBAR_INITIAL_TIMEOUT_MS = 5000;
export const SNACKBAR_DEFAULT_TIMEOUT_MS = 3000;
export const MAX_RETRIES_ON_401 = 1;
export const SIGN_IN_POPUP = { width: 500, height: 600 } as const;
/** Sign-in endpoints; here (no zod) so the web's small entry can open the popup without the schemas. */
export const AUTH_PATHS = {
  start: '/api/auth/start',
  callback: '/api/auth/callback',
  refresh: '/api/auth/refresh',
  signOut: '/api/auth/signout',
} as const;
/** The channel the sign-in popup also posts on (for a popup whose opener was severed); here for the same reason. */
export const AUTH_BROADCAST_CHANNEL = 'placely-auth';
export const LOADING_SPINNER_SIZE = 64;
export const STORAGE_OPERATION_RETRY_MS = 120_000;
export const STORAGE_UPLOAD_RETRY_MS = 600_000;
export const RESUMABLE_UPLOAD_THRESHOLD_BYTES = 256 * 1024;
/** Quick Apply drafts autosave this often while the person types (and on leaving the page). */
export const DRAFT_AUTOSAVE_MS = 1500;

export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;
export const THEME_COLORS = { primary: '#1867C0', secondary: '#5CBBF6' } as const;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** A just-rotated refresh token still yields its successor this long (parallel tabs, a lost answer on a bad network). */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

export const LIMITS = {
  name: 120,
  email: 254,
  url: 2048,
  phoneNumber: 20,
  phoneNumbersPerUser: 5,
  shortText: 200,
  longText: 5000,
  autoFillValue: 2000,
  autoFillListItems: 100,
  institutionSearch: 100,
  pageSize: 50,
  maxPageSize: 100,
  requestBodyBytes: 1024 * 1024,
} as const;
