import type { OwnVideoAnswer, VideoTakeBody } from '@placely/contract';
import { apiData } from '../../../lib/api/client';

/** POST /api/videoTask/take: the uploaded file becomes the current take (counts one; the same file again does not). */
export function attachTake(body: VideoTakeBody): Promise<OwnVideoAnswer> {
  return apiData<OwnVideoAnswer>('/api/videoTask/take', { method: 'POST', body });
}
