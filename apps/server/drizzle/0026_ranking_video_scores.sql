-- Video task scores as a ranking input (recipe criterion `videoScore`, services/shortlisting/ranking-sql.ts
-- `reviewed`): the stored ranking of the task's opening goes stale, as 0025_ranking_store does for its inputs, when
-- anything that average reads changes. Statement-level triggers with transition tables; over-invalidating is allowed,
-- missing a change is not. Like candidate_ratings, every change bumps the task's opening whether or not its recipe
-- weighs the task: a trigger that read the recipe could miss a score saved beside a recipe save that adds the task
-- (neither sees the other's uncommitted row, and a rebuild between the two commits would keep the old average).
--
--   video_scores    any change (the answer's opening through video_answers → video_tasks)
--   video_answers   delete (its scores go with it: their own trigger no longer finds the answer); update of
--                   submitted_at, task_id or candidate_id (only submitted answers count). An insert carries no scores.
--   video_tasks     update of rubric (scores of items no longer in it stop counting) or opening_id. Removing a task
--                   (deleted_at) changes nothing: its kept answers still count while a recipe weighs it.

-- The openings of the given video tasks.
CREATE FUNCTION "ranking_bump_video_tasks"(task_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  SELECT "ranking_bump"(array(SELECT DISTINCT t."opening_id" FROM "video_tasks" t WHERE t."id" = ANY(task_ids)))
$$;--> statement-breakpoint

-- video_scores ------------------------------------------------------------------------------------------------------
CREATE FUNCTION "video_scores_ranking_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "ranking_bump_video_tasks"(array(SELECT DISTINCT va."task_id" FROM old_rows s
      JOIN "video_answers" va ON va."id" = s."answer_id"));
  ELSE
    PERFORM "ranking_bump_video_tasks"(array(SELECT DISTINCT va."task_id" FROM new_rows s
      JOIN "video_answers" va ON va."id" = s."answer_id"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "video_scores_ranking_insert" AFTER INSERT ON "video_scores"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "video_scores_ranking_changed"();--> statement-breakpoint
CREATE TRIGGER "video_scores_ranking_update" AFTER UPDATE ON "video_scores"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "video_scores_ranking_changed"();--> statement-breakpoint
CREATE TRIGGER "video_scores_ranking_delete" AFTER DELETE ON "video_scores"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "video_scores_ranking_changed"();--> statement-breakpoint

-- video_answers -----------------------------------------------------------------------------------------------------
CREATE FUNCTION "video_answers_ranking_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ranking_bump_video_tasks"(array(SELECT DISTINCT "task_id" FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "video_answers_ranking_delete" AFTER DELETE ON "video_answers"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "video_answers_ranking_deleted"();--> statement-breakpoint

-- Takes (file, duration, takes used) change often before submission and count for nothing: only these columns bump.
CREATE FUNCTION "video_answers_ranking_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ranking_bump_video_tasks"(array(
    SELECT n."task_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE n."submitted_at" IS DISTINCT FROM o."submitted_at" OR n."task_id" IS DISTINCT FROM o."task_id"
      OR n."candidate_id" IS DISTINCT FROM o."candidate_id"
    UNION
    SELECT o."task_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE n."task_id" IS DISTINCT FROM o."task_id"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "video_answers_ranking_update" AFTER UPDATE ON "video_answers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "video_answers_ranking_updated"();--> statement-breakpoint

-- video_tasks -------------------------------------------------------------------------------------------------------
CREATE FUNCTION "video_tasks_ranking_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ranking_bump"(array(
    SELECT n."opening_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE n."rubric" IS DISTINCT FROM o."rubric" OR n."opening_id" IS DISTINCT FROM o."opening_id"
    UNION
    SELECT o."opening_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE n."opening_id" IS DISTINCT FROM o."opening_id"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "video_tasks_ranking_update" AFTER UPDATE ON "video_tasks"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "video_tasks_ranking_updated"();
