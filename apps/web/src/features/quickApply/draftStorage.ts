import type { Answers, Draft } from '@placely/contract';
import { PERSONAL_STORAGE_PREFIX } from '../../lib/tokenStorage';
import { readJson, removeKey, writeJson } from './deviceStorage';
import { readStoredAnswers } from './storedAnswers';

/**
 * The copy of a Quick Apply draft kept on this device, keyed by opening and person (two people sharing a browser
 * never see each other's answers). It is written on every change, so a reload, a closed tab or a dropped
 * connection loses nothing; the server copy follows every DRAFT_AUTOSAVE_MS.
 */
export interface LocalDraft extends Draft {
  /** True when the server has not confirmed this version yet. */
  unsynced: boolean;
}

/** 'new' is the form, 'edit' the edit of a submitted application (kept apart so one never overwrites the other). */
export type DraftPurpose = 'new' | 'edit';

const PREFIX = `${PERSONAL_STORAGE_PREFIX}quickApply.draft`;

export function draftStorageKey(openingId: string, userId: number | string, purpose: DraftPurpose = 'new'): string {
  return `${PREFIX}.${purpose}.${openingId}.${userId}`;
}

export function readLocalDraft(openingId: string, userId: number | string, purpose: DraftPurpose = 'new') {
  const stored = readJson(draftStorageKey(openingId, userId, purpose));
  if (typeof stored !== 'object' || stored === null) return null;
  const { answers, updatedAt, unsynced } = stored as Record<string, unknown>;
  const parsed = readStoredAnswers(answers);
  if (!parsed || typeof updatedAt !== 'string' || Number.isNaN(Date.parse(updatedAt))) {
    removeKey(draftStorageKey(openingId, userId, purpose));
    return null;
  }
  return { answers: parsed, updatedAt, unsynced: unsynced === true } satisfies LocalDraft;
}

export function writeLocalDraft(
  openingId: string,
  userId: number | string,
  answers: Answers,
  options: { purpose?: DraftPurpose; unsynced?: boolean; now?: Date } = {},
): boolean {
  const draft: LocalDraft = {
    answers,
    updatedAt: (options.now ?? new Date()).toISOString(),
    unsynced: options.unsynced ?? true,
  };
  return writeJson(draftStorageKey(openingId, userId, options.purpose ?? 'new'), draft);
}

/** Marks the local copy as saved on the server (kept: it is still the fastest way back after a reload). */
export function markLocalDraftSynced(openingId: string, userId: number | string, answers: Answers): void {
  const current = readLocalDraft(openingId, userId);
  if (current && JSON.stringify(current.answers) === JSON.stringify(answers)) {
    writeJson(draftStorageKey(openingId, userId), { ...current, unsynced: false });
  }
}

export function clearLocalDraft(openingId: string, userId: number | string, purpose: DraftPurpose = 'new'): void {
  removeKey(draftStorageKey(openingId, userId, purpose));
}

/**
 * Which draft to open with: the more recent of the server's and this device's. A device copy the server never
 * confirmed wins a tie (it was typed here and may not have reached the server before the tab closed).
 */
export function pickDraft(
  server: Draft | null,
  local: LocalDraft | null,
): { draft: Draft; source: 'server' | 'local' } | null {
  if (!server && !local) return null;
  if (!server) return local ? { draft: local, source: 'local' } : null;
  if (!local) return { draft: server, source: 'server' };
  const serverTime = Date.parse(server.updatedAt);
  const localTime = Date.parse(local.updatedAt);
  if (localTime > serverTime || (localTime === serverTime && local.unsynced)) return { draft: local, source: 'local' };
  return { draft: server, source: 'server' };
}
