import type { FilePurpose, StoredFile } from '@placely/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/errors';
import { precheckFile, type UploadHandle, uploadFile } from './uploadFile';

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading' | 'paused'; fileName: string; progress: number; resumable: boolean }
  | { status: 'error'; fileName: string; message: string };

/** One upload at a time with its progress, pause/resume for large files, and a readable error. */
export function useFileUpload(purpose: FilePurpose, onUploaded: (file: StoredFile) => void) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const handle = useRef<UploadHandle | null>(null);
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;

  useEffect(() => () => handle.current?.pause(), []);

  const start = useCallback(
    (file: File) => {
      const problem = precheckFile(file, purpose);
      if (problem) {
        setState({ status: 'error', fileName: file.name, message: problem });
        return;
      }
      const current = uploadFile(file, purpose, (progress) =>
        setState((previous) =>
          previous.status === 'uploading' || previous.status === 'paused' ? { ...previous, progress } : previous,
        ),
      );
      handle.current = current;
      setState({ status: 'uploading', fileName: file.name, progress: 0, resumable: current.resumable });
      current.done.then(
        (stored) => {
          handle.current = null;
          setState({ status: 'idle' });
          uploaded.current(stored);
        },
        (error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          handle.current = null;
          setState({
            status: 'error',
            fileName: file.name,
            message: error instanceof ApiError ? error.message : 'The upload failed. Please try again.',
          });
        },
      );
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
    handle.current?.cancel();
    handle.current = null;
    setState({ status: 'idle' });
  }, []);

  return { state, start, pause, resume, cancel };
}
