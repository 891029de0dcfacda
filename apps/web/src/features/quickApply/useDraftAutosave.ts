import { type Answers, DRAFT_AUTOSAVE_MS, type FormDefinition } from '@placely/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api/errors';
import { deleteDraft } from './api/deleteDraft';
import { saveDraft } from './api/saveDraft';
import { clearLocalDraft, type DraftPurpose, markLocalDraftSynced, writeLocalDraft } from './draftStorage';
import { type FormValues, toDraftAnswers } from './formValues';

/**
 * - 'saved': the server has the latest answers (or, for an edit, this device has them);
 * - 'saving': a save is on its way;
 * - 'offline': no connection — the answers are on this device and go to the server when it is back;
 * - 'local': the server refused the draft (e.g. the opening just closed) — the answers are on this device.
 */
export type DraftSaveStatus = 'idle' | 'saving' | 'saved' | 'offline' | 'local';

export interface DraftAutosaveOptions {
  openingId: string;
  userId: number;
  definition: FormDefinition;
  /** 'edit' drafts (changes to a sent application) stay on this device. */
  purpose: DraftPurpose;
  /** The answers the form opened with came from this device and the server has not seen them yet. */
  startUnsynced?: Answers | null;
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Autosave: every change goes to localStorage at once (nothing typed is lost to a reload, a closed tab or a dropped
 * connection) and, for a new application, to the server every DRAFT_AUTOSAVE_MS while changes keep coming, when the
 * connection returns, and when the page is hidden.
 */
export function useDraftAutosave({ openingId, userId, definition, purpose, startUnsynced }: DraftAutosaveOptions) {
  const [status, setStatus] = useState<DraftSaveStatus>(startUnsynced ? 'offline' : 'idle');
  const latest = useRef<Answers | null>(startUnsynced ?? null);
  const dirty = useRef(Boolean(startUnsynced));
  const timer = useRef<number | null>(null);
  const inFlight = useRef(false);
  const stopped = useRef(false);
  const toServer = purpose === 'new';

  const flush = useCallback(async () => {
    if (timer.current !== null) {
      window.clearTimeout(timer.current);
      timer.current = null;
    }
    if (!toServer || !dirty.current || inFlight.current || stopped.current || !latest.current) return;
    if (isOffline()) {
      setStatus('offline');
      return;
    }
    const answers = latest.current;
    dirty.current = false;
    inFlight.current = true;
    setStatus('saving');
    try {
      await saveDraft({ openingId, answers });
      markLocalDraftSynced(openingId, userId, answers);
      if (!stopped.current) setStatus(dirty.current ? 'saving' : 'saved');
    } catch (error) {
      dirty.current = true;
      const noResponse = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
      if (!stopped.current) setStatus(noResponse ? 'offline' : 'local');
      // A refusal will not change by asking again with every keystroke; the next change or `online` retries.
      if (!noResponse) dirty.current = false;
    } finally {
      inFlight.current = false;
    }
    if (dirty.current && !stopped.current && !isOffline() && timer.current === null) {
      timer.current = window.setTimeout(() => void flush(), DRAFT_AUTOSAVE_MS);
    }
  }, [openingId, userId, toServer]);

  const onValuesChange = useCallback(
    (values: FormValues) => {
      if (stopped.current) return;
      const answers = toDraftAnswers(definition, values);
      latest.current = answers;
      writeLocalDraft(openingId, userId, answers, { purpose });
      if (!toServer) {
        setStatus('saved');
        return;
      }
      dirty.current = true;
      if (isOffline()) {
        setStatus('offline');
        return;
      }
      // Saves at most every DRAFT_AUTOSAVE_MS while typing, never later than that after the last change.
      if (timer.current === null) timer.current = window.setTimeout(() => void flush(), DRAFT_AUTOSAVE_MS);
    },
    [definition, openingId, userId, purpose, toServer, flush],
  );

  useEffect(() => {
    stopped.current = false;
    const online = () => void flush();
    const offline = () => {
      if (dirty.current) setStatus('offline');
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    window.addEventListener('pagehide', online);
    document.addEventListener('visibilitychange', hidden);
    if (dirty.current) timer.current = window.setTimeout(() => void flush(), 0);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.removeEventListener('pagehide', online);
      document.removeEventListener('visibilitychange', hidden);
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = null;
    };
  }, [flush]);

  /** The application was sent (or the person starts over): no copy is kept anywhere. */
  const discard = useCallback(
    async (options: { server: boolean }) => {
      stopped.current = true;
      dirty.current = false;
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = null;
      clearLocalDraft(openingId, userId, purpose);
      if (options.server && toServer) await deleteDraft(openingId).catch(() => undefined);
    },
    [openingId, userId, purpose, toServer],
  );

  /** Lets autosave run again after `discard` (e.g. the form starts over with fresh values). */
  const restart = useCallback(() => {
    stopped.current = false;
    setStatus('idle');
  }, []);

  return { status, onValuesChange, discard, restart, flush };
}
