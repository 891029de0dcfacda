import { create } from 'zustand';

const STORAGE_KEY = 'placely.actingFor';

/** The organization a person acts for, remembered per person so another sign-in on this browser never inherits it. */
export interface StoredChoice {
  userId: number;
  /** null: the person chose to act for themselves. */
  organizationId: number | null;
}

function readStored(): StoredChoice | null {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredChoice>;
    const organizationId = typeof value.organizationId === 'number' ? value.organizationId : null;
    return typeof value.userId === 'number' ? { userId: value.userId, organizationId } : null;
  } catch {
    return null;
  }
}

function writeStored(choice: StoredChoice | null) {
  try {
    if (choice) globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(choice));
    else globalThis.localStorage?.removeItem(STORAGE_KEY);
  } catch {
    /* private mode: the choice lasts for this tab only */
  }
}

export interface ActingForState {
  choice: StoredChoice | null;
  /** Act for an organization (null: for one's own account). Survives reloads. */
  actFor: (userId: number, organizationId: number | null) => void;
  clear: () => void;
}

/**
 * The account-menu switch. The choice is only a request: the API client names the organization in
 * X-Organization-Id and the server checks membership and role on every call.
 */
export const useActingFor = create<ActingForState>()((set) => ({
  choice: readStored(),
  actFor: (userId, organizationId) => {
    const choice = { userId, organizationId };
    writeStored(choice);
    set({ choice });
  },
  clear: () => {
    writeStored(null);
    set({ choice: null });
  },
}));

/**
 * The organization the signed-in person acts for, or null (their own account). While a reload is still restoring
 * the session (no user yet) the stored choice counts, so the first requests already act for it.
 */
function choiceFor(choice: StoredChoice | null, userId: number | null | undefined): number | null {
  if (!choice) return null;
  return userId == null || choice.userId === userId ? choice.organizationId : null;
}

export function actingOrganizationId(userId: number | null | undefined): number | null {
  return choiceFor(useActingFor.getState().choice, userId);
}

/** Hook form of actingOrganizationId. */
export function useActingOrganizationId(userId: number | null | undefined): number | null {
  return useActingFor((state) => choiceFor(state.choice, userId));
}
