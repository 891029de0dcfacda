import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearLocalDraft,
  draftStorageKey,
  markLocalDraftSynced,
  pickDraft,
  readLocalDraft,
  writeLocalDraft,
} from './draftStorage';

const opening = '6f1c1a52-6c2e-4c4f-9a51-5b0c9d1d2e3f';

beforeEach(() => localStorage.clear());

describe('local drafts', () => {
  it('are kept per opening and person, and per new/edit', () => {
    writeLocalDraft(opening, 1, { name: 'Asha' }, { now: new Date('2030-01-01T10:00:00Z') });
    writeLocalDraft(opening, 2, { name: 'Ravi' });
    writeLocalDraft(opening, 1, { name: 'Edited' }, { purpose: 'edit' });
    expect(readLocalDraft(opening, 1)).toEqual({
      answers: { name: 'Asha' },
      updatedAt: '2030-01-01T10:00:00.000Z',
      unsynced: true,
    });
    expect(readLocalDraft(opening, 2)?.answers).toEqual({ name: 'Ravi' });
    expect(readLocalDraft(opening, 1, 'edit')?.answers).toEqual({ name: 'Edited' });
    clearLocalDraft(opening, 1);
    expect(readLocalDraft(opening, 1)).toBeNull();
    expect(readLocalDraft(opening, 1, 'edit')).not.toBeNull();
  });

  it('drops a damaged copy instead of failing', () => {
    localStorage.setItem(draftStorageKey(opening, 1), '{not json');
    expect(readLocalDraft(opening, 1)).toBeNull();
    localStorage.setItem(draftStorageKey(opening, 1), JSON.stringify({ answers: 'x', updatedAt: 'never' }));
    expect(readLocalDraft(opening, 1)).toBeNull();
    expect(localStorage.getItem(draftStorageKey(opening, 1))).toBeNull();
  });

  it('is marked synced only when the server saved the same answers', () => {
    writeLocalDraft(opening, 1, { name: 'Asha' });
    markLocalDraftSynced(opening, 1, { name: 'Older' });
    expect(readLocalDraft(opening, 1)?.unsynced).toBe(true);
    markLocalDraftSynced(opening, 1, { name: 'Asha' });
    expect(readLocalDraft(opening, 1)?.unsynced).toBe(false);
  });
});

describe('pickDraft', () => {
  const server = { answers: { name: 'server' }, updatedAt: '2030-01-01T10:00:00.000Z' };
  it('takes the newer copy; an unsynced device copy wins a tie', () => {
    expect(pickDraft(null, null)).toBeNull();
    expect(pickDraft(server, null)?.source).toBe('server');
    const older = { answers: { name: 'local' }, updatedAt: '2030-01-01T09:00:00.000Z', unsynced: true };
    expect(pickDraft(server, older)?.source).toBe('server');
    const newer = { ...older, updatedAt: '2030-01-01T11:00:00.000Z' };
    expect(pickDraft(server, newer)?.draft.answers).toEqual({ name: 'local' });
    expect(pickDraft(server, { ...older, updatedAt: server.updatedAt })?.source).toBe('local');
    expect(pickDraft(server, { ...older, updatedAt: server.updatedAt, unsynced: false })?.source).toBe('server');
  });
});
