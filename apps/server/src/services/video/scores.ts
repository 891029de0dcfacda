import { type SQL, sql } from 'drizzle-orm';

/**
 * Which video scores count: those on an item of the task's current rubric (scores on items since removed do not).
 * `/watch` applies the same rule in JavaScript (routes/video-tasks/review.ts); the answers list, the export and the
 * ranking's video criterion use this condition. `task` and `score` are the aliases of `video_tasks` and `video_scores`.
 */
export function onCurrentRubric(task: string, score: string): SQL {
  return sql.raw(`${task}.rubric @> jsonb_build_array(jsonb_build_object('id', ${score}.item_id))`);
}
