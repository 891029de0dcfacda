import type { FilePurpose, StoredFile } from '@placely/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/errors';
import { precheckFile } from './precheckFile';
import type { UploadHandle } from './uploadFile';

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading' | 'paused'; fileName: string; progress: number; resumable: boolean }
  | { status: 'error'; fileName: string; message: string };

/**
 * One upload at a time with its progress, pause/resume for large files, and a readable error. The upload client
 * (`uploadFile`, which brings tus for large files in turn) loads at the first file chosen: a form with a file question
 * is ready to type into without it.
 */
export function useFileUpload(purpose: FilePurpose, onUploaded: (file: StoredFile) => void) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const handle = useRef<UploadHandle | null>(null);
  // Counts starts, cancels and the unmount: an upload client that arrives after any of them starts nothing.
  const attempt = useRef(0);
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;

  useEffect(
    () => () => {
      attempt.current += 1;
      handle.current?.pause();
    },
    [],
  );

  const start = useCallback(
    (file: File) => {
      const problem = precheckFile(file, purpose);
      if (problem) {
        setState({ status: 'error', fileName: file.name, message: problem });
        return;
      }
      attempt.current += 1;
      const mine = attempt.current;
      const failed = (error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        if (attempt.current !== mine) return;
        handle.current = null;
        setState({
          status: 'error',
          fileName: file.name,
          message: error instanceof ApiError ? error.message : 'The upload failed. Please try again.',
        });
      };
      // Pause and resume wait for the client (`resumable` comes with it); cancel works at once.
      setState({ status: 'uploading', fileName: file.name, progress: 0, resumable: false });
      import('./uploadFile').then(({ uploadFile }) => {
        if (attempt.current !== mine) return;
        const current = uploadFile(file, purpose, (progress) =>
          setState((previous) =>
            previous.status === 'uploading' || previous.status === 'paused' ? { ...previous, progress } : previous,
          ),
        );
        handle.current = current;
        setState((previous) =>
          previous.status === 'uploading' ? { ...previous, resumable: current.resumable } : previous,
        );
        current.done.then((stored) => {
          handle.current = null;
          setState({ status: 'idle' });
          uploaded.current(stored);
        }, failed);
      }, failed);
    },
    [purpose],
  );

  const pause = useCallback(() => {
    handle.current?.pause();
    setState((previous) => (previous.status === 'uploading' ? { ...previous, status: 'paused' } : previous));
  }, []);
  const resume = useCallback(() => {
    handle.current?.resume();
    setState((previous) => (previous.status === 'paused' ? { ...previous, status: 'uploading' } : previous));
  }, []);
  const cancel = useCallback(() => {
    attempt.current += 1;
    handle.current?.cancel();
    handle.current = null;
    setState({ status: 'idle' });
  }, []);

  return { state, start, pause, resume, cancel };
}
