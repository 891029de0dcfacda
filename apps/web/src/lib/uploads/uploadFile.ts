import {
  type FilePurpose,
  ONE_SHOT_UPLOAD_MAX_BYTES,
  ORGANIZATION_HEADER,
  type StoredFile,
  TUS_ENDPOINT,
} from '@placely/contract';
import type { Upload } from 'tus-js-client';
import { actingOrganizationId } from '../actingFor';
import { apiData, refreshAccessToken } from '../api/client';
import { ApiError } from '../api/errors';
import { useAppStore } from '../store';
import { uploadRetryDelays } from './retryDelays';

export interface UploadHandle {
  /** Resolves with the stored file once the server has checked it. */
  done: Promise<StoredFile>;
  /** Resumable uploads only: stop sending; `resume` carries on from what the server already has. */
  pause(): void;
  resume(): void;
  /** Stops for good and forgets the partial upload. */
  cancel(): void;
  resumable: boolean;
}

const CHUNK_BYTES = 1024 * 1024;

function errorFromTus(error: unknown): ApiError {
  const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } | null }).originalResponse;
  if (response) {
    try {
      const payload = JSON.parse(response.getBody()) as { exception?: { error?: { message?: string } } };
      const message = payload.exception?.error?.message;
      if (message) return new ApiError(message, 'VALIDATION_FAILED', response.getStatus());
    } catch {
      // not our envelope
    }
  }
  return new ApiError('The upload did not finish. Check your connection and try again.', 'NETWORK_ERROR', 0);
}

/**
 * Uploads a file for a purpose: up to 256 KB in one request, larger files through tus (resumable, in 1 MB
 * chunks, retried across the spec's 600 s window, continuing after a reload from where the server got to).
 */
export function uploadFile(file: File, purpose: FilePurpose, onProgress: (fraction: number) => void): UploadHandle {
  if (file.size <= ONE_SHOT_UPLOAD_MAX_BYTES) {
    const controller = new AbortController();
    const done = apiData<StoredFile>('/api/files', {
      method: 'POST',
      query: { purpose, name: file.name },
      rawBody: file,
      signal: controller.signal,
    }).then((stored) => {
      onProgress(1);
      return stored;
    });
    return { done, pause: () => {}, resume: () => {}, cancel: () => controller.abort(), resumable: false };
  }

  let upload: Upload | undefined;
  // Paused or cancelled before the tus client had loaded: honoured once it has.
  let held: 'paused' | 'cancelled' | null = null;
  // A 401 mid-upload refreshes the token; the next request waits for it.
  let pendingRefresh: Promise<unknown> | null = null;
  // The tus client loads with the first large file only (most forms never need it).
  const done = import('tus-js-client').then(
    ({ Upload: TusUpload }) =>
      new Promise<StoredFile>((resolve, reject) => {
        if (held === 'cancelled') {
          reject(new DOMException('The upload was cancelled.', 'AbortError'));
          return;
        }
        upload = new TusUpload(file, {
          endpoint: TUS_ENDPOINT,
          chunkSize: CHUNK_BYTES,
          retryDelays: uploadRetryDelays(),
          metadata: { filename: file.name, purpose },
          removeFingerprintOnSuccess: true,
          onBeforeRequest: async (request) => {
            if (pendingRefresh) {
              await pendingRefresh;
              pendingRefresh = null;
            }
            const state = useAppStore.getState();
            const token = state.accessToken;
            if (token) request.setHeader('Authorization', token);
            // Acting for an organization: a logo becomes that organization's (the server checks the membership).
            const organizationId = token ? actingOrganizationId(state.user?.userId) : null;
            if (organizationId !== null) request.setHeader(ORGANIZATION_HEADER, String(organizationId));
          },
          onShouldRetry: (error, _attempt, options) => {
            const status = error.originalResponse?.getStatus() ?? 0;
            if (status === 401) {
              if (pendingRefresh) return false;
              pendingRefresh = refreshAccessToken().catch(() => undefined);
              return true;
            }
            if (status >= 400 && status < 500 && status !== 409 && status !== 423) return false;
            return options.retryDelays !== null;
          },
          onProgress: (sent, total) => onProgress(total ? sent / total : 0),
          onSuccess: () => {
            const id = upload?.url?.split('/').pop();
            if (!id) {
              reject(new ApiError('The upload finished without a file id.', 'INTERNAL', 0));
              return;
            }
            apiData<StoredFile>(`/api/files/${id}`).then(resolve, reject);
          },
          onError: (error) => reject(errorFromTus(error)),
        });
        upload.findPreviousUploads().then((previous) => {
          const latest = previous[0];
          if (latest && upload) upload.resumeFromPreviousUpload(latest);
          if (held === null) upload?.start();
        }, reject);
      }),
  );
  return {
    done,
    pause: () => {
      held = 'paused';
      void upload?.abort(false);
    },
    resume: () => {
      held = null;
      upload?.start();
    },
    cancel: () => {
      held = 'cancelled';
      void upload?.abort(true);
    },
    resumable: true,
  };
}
