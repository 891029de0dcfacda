import type { Answers } from '@placely/contract';
import { createContext, useContext } from 'react';

export interface QuickApplyFieldContextValue {
  /** 'preview': the organization's live preview — nothing is uploaded or sent. */
  mode: 'apply' | 'preview';
  /** Top-level field ids whose value came from the person's auto-fill data. */
  autoFilled: ReadonlySet<string>;
  /** File fields report uploads in progress so the form waits for them before submitting. */
  setUploading: (path: string, uploading: boolean) => void;
  /** What the profile filled in, when answers may be saved back to it ("Save to my profile too"); else null. */
  profilePrefill: Answers | null;
  /** Top-level field ids whose "Save to my profile too" is ticked. */
  savingToProfile: ReadonlySet<string>;
  setSavingToProfile: (fieldId: string, saving: boolean) => void;
  /** A resume question offers the applicant's saved resumes (signed in, applying). */
  savedResumes: boolean;
}

export const QuickApplyFieldContext = createContext<QuickApplyFieldContextValue>({
  mode: 'preview',
  autoFilled: new Set(),
  setUploading: () => {},
  profilePrefill: null,
  savingToProfile: new Set(),
  setSavingToProfile: () => {},
  savedResumes: false,
});

export function useQuickApplyFieldContext(): QuickApplyFieldContextValue {
  return useContext(QuickApplyFieldContext);
}

/** The DOM id of a field's block, used to focus the first invalid field. Paths use dots, which ids allow. */
export function fieldBlockId(path: string): string {
  return `qa-field-${path}`;
}

/** The message of a field's error, wherever react-hook-form put it (own, a field array's root, or a part). */
export function errorText(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as Record<string, unknown>;
  if (typeof record.message === 'string' && record.message) return record.message;
  if (record.root) return errorText(record.root);
  for (const [key, value] of Object.entries(record)) {
    if (key === 'ref' || key === 'type' || key === 'types') continue;
    const nested = errorText(value);
    if (nested) return nested;
  }
  return undefined;
}

/** Only a field array's own error (e.g. too few rows), not its rows'. */
export function ownErrorText(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as { message?: unknown; root?: { message?: unknown } };
  if (typeof record.message === 'string' && record.message) return record.message;
  if (typeof record.root?.message === 'string' && record.root.message) return record.root.message;
  return undefined;
}
