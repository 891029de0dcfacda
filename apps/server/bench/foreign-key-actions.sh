#!/usr/bin/env bash
# What the foreign keys' own statements cost when a referenced row is deleted (migration 0035, hot-paths.md
# 2026-11-28 10:36). On a database kept by the bench's pipeline export (BENCH_KEEP_DATABASE=1
# BENCH_ONLY='with a pipeline as CSV' npm run bench), it first grows the stage moves thirteenfold (80 000 → 1 040 000)
# and gives every individual a submitted video answer with its file and poster, then times, five rounds, each in a
# transaction that is rolled back:
#   - removing an empty custom stage (the stage moves' from/to are set to null),
#   - deleting one video file (the answers' file and poster are set to null),
#   - a bulk move's insert of 10 000 stage moves (what the two stage-move indexes cost a write),
# with the 0035 indexes ("after") and with them dropped inside the same transaction ("before").
# Usage: bench/foreign-key-actions.sh <database> [postgres host]
set -euo pipefail
db=$1
host=${2:-127.0.0.1}
q() { psql -h "$host" -U postgres -d "$db" -v ON_ERROR_STOP=1 -Atc "$1"; }

if [ "$(q "select count(*) from opening_stages where name = 'Bench custom'")" = 0 ]; then
  opening=$(q "select id from openings where title = 'Export bench (pipeline)'")
  q "insert into stage_moves (application_id, bulk_move_id, from_stage_id, to_stage_id, from_stage_name, to_stage_name, actor_id, at)
     select application_id, bulk_move_id, from_stage_id, to_stage_id, from_stage_name, to_stage_name, actor_id, at
     from stage_moves, generate_series(1, 12)" >/dev/null
  q "insert into video_tasks (opening_id, title, prompt, preparation_seconds, max_answer_seconds, takes_allowed, allow_upload, ask_at_apply, rubric)
     values ('$opening', 'Bench task', 'Tell us about a project', 30, 120, 2, true, false, '[]')" >/dev/null
  q "insert into files (owner_id, purpose, name, size, storage_key, status)
     select u.id, p.purpose, p.name, 100000, 'bench/' || p.purpose || '/' || u.id, 'ready'
     from users u cross join (values ('video', 'take.webm'), ('videoPoster', 'poster.jpg')) p(purpose, name)
     where u.account_type = 'Individual'" >/dev/null
  q "insert into video_answers (task_id, candidate_id, file_id, poster_file_id, takes_used, submitted_at)
     select (select id from video_tasks where title = 'Bench task'), f.owner_id, f.id, p.id, 1, now()
     from files f join files p on p.owner_id = f.owner_id and p.purpose = 'videoPoster' where f.purpose = 'video'" >/dev/null
  q "insert into opening_stages (opening_id, name, candidate_label, kind, position)
     values ('$opening', 'Bench custom', 'Bench custom', 'custom', 99)" >/dev/null
  q "analyze" >/dev/null
fi
echo "stage moves $(q 'select count(*) from stage_moves'), video answers $(q 'select count(*) from video_answers'), load $(cut -d' ' -f1-3 /proc/loadavg)"

drop_all="drop index stage_moves_from_stage_idx; drop index stage_moves_to_stage_idx;
  drop index video_answers_file_idx; drop index video_answers_poster_file_idx;"
execution() { grep -E "Execution Time" | grep -oE "[0-9.]+"; }
# The summed time of the named foreign keys' actions (EXPLAIN ANALYZE lists each as "Trigger for constraint …").
actions() { grep -E "Trigger for constraint ($1)" | grep -oE "time=[0-9.]+" | cut -d= -f2 | paste -sd+ | bc; }
for round in 1 2 3 4 5; do
  file=$(q "select id from files where purpose = 'video' order by id offset $((round * 997)) limit 1")
  for mode in before after; do
    pre=""
    [ "$mode" = before ] && pre=$drop_all
    stage=$(q "begin; $pre explain (analyze) delete from opening_stages where name = 'Bench custom'; rollback;")
    deleted=$(q "begin; $pre explain (analyze) delete from files where id = '$file'; rollback;")
    moved=$(q "begin; $pre explain (analyze) insert into stage_moves (application_id, bulk_move_id, from_stage_id,
      to_stage_id, from_stage_name, to_stage_name, actor_id, at) select application_id, bulk_move_id, from_stage_id,
      to_stage_id, from_stage_name, to_stage_name, actor_id, now() from stage_moves offset $((round * 20000)) limit 10000;
      rollback;")
    printf '%s %-6s remove a stage %8.1f ms (its keys %7.1f) | delete a file %6.1f ms (answers %5.1f) | 10 000 moves %6.0f ms\n' \
      "$round" "$mode" "$(execution <<<"$stage")" "$(actions 'stage_moves_(from|to)_stage' <<<"$stage")" \
      "$(execution <<<"$deleted")" "$(actions 'video_answers_(poster_)?file' <<<"$deleted")" "$(execution <<<"$moved")"
  done
done
