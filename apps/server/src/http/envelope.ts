import type { SuccessEnvelope } from '@placely/contract';

/** Wraps a presented value in the spec's success envelope. */
export function ok<T>(data: T, message = 'OK'): SuccessEnvelope<T> {
  return { status: 'success', result: { data, message } };
}
