import { type Knockout, RANKING_LIMITS, type Recipe, type RecipeCriterion } from '@placely/contract';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { applicantFactsSql } from '../verification';
import { onCurrentRubric } from '../video/scores';

/**
 * The ranking of one opening as ONE SQL statement over all its applications (PostgreSQL and PGlite alike), built from
 * the recipe: only the parts a recipe uses are in it (no ratings join without a rating criterion, no verification
 * lookup without a verified-records criterion or knock-out).
 *
 *   base      applications of the opening (+ the applicant's profile facts when a criterion needs them)
 *   rated     per application, the average rating of each rating criterion (only with a rating criterion)
 *   reviewed  per applicant, the average video score of each video task criterion (only with one)
 *   carded    per application, the average scorecard of each round criterion (only with one)
 *   raw       MATERIALIZED, so each value is computed once per application: per criterion i r{i} the raw value (a
 *             grade also s{i}, its scale, and gs{i}, its share), and ko, the knock-outs that apply as a bit mask
 *   stats     one row: the opening's lowest and highest raw value of each criterion normalised against a range
 *   scored    score = Σ weight·n / Σ weight × 100 (n in 0–1, missing values count 0)
 *   ordered   position: pinned to top, then everyone else, then pinned to bottom, then the knocked out; within each,
 *             score desc, then the tie-break (earlier submission, then id). rank = position, null when knocked out.
 *
 * `ordered` stays narrow (ids, score, submission time) so sorting all applications is cheap; the explanation of the
 * rows a caller shows is read by joining them back to `raw` and `stats` (`explanationColumns`).
 */
export interface RankingSqlOptions {
  openingId: string;
  recipe: Recipe | null;
  /**
   * Only these applications, explained against the opening-wide `stats` kept by the stored ranking's build
   * (`statsOf` of the build): `raw` and `stats` are then right for these rows, `scored` and `ordered` are not
   * (they would rank the few alone) and must not be read.
   */
  only?: { applicationIds: string[]; stats: Record<string, number | null> };
  /**
   * The opening, `only`'s ids and stats as placeholders (`openingId`, `applicationIds` — a uuid[] literal —, `stats`
   * — the stats as JSON): one text per recipe, run as a prepared statement (`explanationStatement`). The values given
   * above then only decide the statement's shape.
   */
  bind?: boolean;
  /**
   * `scored` and `ordered` also carry `normalised`: each criterion's normalised value (n{i}) as a float8[] in recipe
   * order (null without criteria), for the stored ranking's build to keep beside the score.
   */
  keepNormalised?: boolean;
}

const num = (value: number) => sql`${value}::float8`;
const txt = (value: string) => sql`${value}::text`;
/**
 * A profile fact as a number: stored numbers directly, numeric text through the pattern check (the rare case). The
 * database function (migration 0028) is the one definition: the responses table's sort keys read facts through it.
 */
const fact = (key: string) => sql`profile_fact(b.facts, ${txt(key)})`;
const numberAnswer = (fieldId: string) =>
  sql`(case when jsonb_typeof(b.answers -> ${txt(fieldId)}) = 'number' then (b.answers ->> ${txt(fieldId)})::float8 end)`;
/** The chosen option's id (single choice, dropdown) or ids (multiple choice). */
const chosenOptions = (fieldId: string) =>
  sql`(case when jsonb_typeof(b.answers -> ${txt(fieldId)} -> 'optionIds') = 'array'
    then array(select jsonb_array_elements_text(b.answers -> ${txt(fieldId)} -> 'optionIds'))
    when b.answers -> ${txt(fieldId)} ->> 'optionId' is not null then array[b.answers -> ${txt(fieldId)} ->> 'optionId']
    else array[]::text[] end)`;
const gradeScaleMax = sql`(case b.facts ->> 'gradeScale' when 'CGPA_10' then 10 when 'CGPA_4' then 4
  when 'PERCENTAGE' then 100 end)::float8`;
/**
 * Grade as a share of its scale; a grade without a scale is read as CGPA out of 10 up to 10, else a percentage
 * (`profile_grade_share`, migration 0028: the responses table sorts by the same share).
 */
const gradeShare = sql`profile_grade_share(b.facts)`;

const needsFacts = (recipe: Recipe) =>
  recipe.criteria.some((c) => c.kind === 'grade' || c.kind === 'graduationYear' || c.kind === 'backlogs') ||
  recipe.knockouts.some((k) => k.kind === 'minGrade' || k.kind === 'maxBacklogs' || k.kind === 'graduationYears');
const needsVerified = (recipe: Recipe) =>
  recipe.criteria.some((c) => c.kind === 'verifiedRecords') ||
  recipe.knockouts.some((k) => k.kind === 'minVerifiedRecords');

function rawOf(criterion: RecipeCriterion, index: number): SQL {
  switch (criterion.kind) {
    case 'numberAnswer':
      return numberAnswer(criterion.fieldId);
    case 'choiceAnswer': {
      const values = sql`${JSON.stringify(criterion.values)}::jsonb`;
      const answer = sql`(b.answers -> ${txt(criterion.fieldId)})`;
      // A single choice is one lookup; a multiple choice takes its best chosen option.
      return sql`(case when jsonb_typeof(${answer} -> 'optionIds') = 'array'
        then (select max((${values} ->> o)::float8) from jsonb_array_elements_text(${answer} -> 'optionIds') o
          where ${values} ? o)
        else (${values} ->> (${answer} ->> 'optionId'))::float8 end)`;
    }
    case 'grade':
      return fact('grade');
    case 'graduationYear':
      return fact('graduationYear');
    case 'backlogs':
      return fact('currentBacklogs');
    case 'verifiedRecords':
      return sql`coalesce(v.n, 0)::float8`;
    case 'rating':
      return sql`rt.avg${sql.raw(String(index))}`;
    case 'videoScore':
      return sql`vs.avg${sql.raw(String(index))}`;
    case 'scorecard':
      return sql`sc.avg${sql.raw(String(index))}`;
  }
}

/** Whether criterion i is placed against the opening's range (its lowest and highest value, from `stats`). */
const usesRange = (criterion: RecipeCriterion) =>
  criterion.kind === 'numberAnswer' || criterion.kind === 'graduationYear' || criterion.kind === 'backlogs';

/** 0–1 from raw row `r` and the opening's `st` (stats). */
function normalisedOf(criterion: RecipeCriterion, index: number): SQL {
  const r = sql.raw(`r.r${index}`);
  const lo = sql.raw(`st.lo${index}`);
  const hi = sql.raw(`st.hi${index}`);
  const range = (better: 'higher' | 'lower') => {
    const share = sql`case when ${hi} = ${lo} then 1 else (${r} - ${lo}) / (${hi} - ${lo}) end`;
    return better === 'higher'
      ? sql`(case when ${r} is null then null else ${share} end)`
      : sql`(case when ${r} is null then null else 1 - (${share}) end)`;
  };
  switch (criterion.kind) {
    case 'numberAnswer':
    case 'graduationYear':
      return range(criterion.better);
    case 'choiceAnswer': {
      const top = Math.max(0, ...Object.values(criterion.values));
      return top > 0 ? sql`(${r} / ${num(top)})` : sql`(case when ${r} is null then null else 0::float8 end)`;
    }
    case 'grade':
      return sql.raw(`r.gs${index}`);
    case 'backlogs':
      return sql`(case when ${r} is null then null when ${hi} <= 0 then 1 else 1 - ${r} / ${hi} end)`;
    case 'verifiedRecords':
      return sql`(least(${r}, ${num(RANKING_LIMITS.verifiedRecordsCap)}) / ${num(RANKING_LIMITS.verifiedRecordsCap)})`;
    case 'rating':
    case 'videoScore':
    case 'scorecard':
      return sql`((${r} - 1) / 4)`;
  }
}

/**
 * The explanation columns of rows of `ordered o` joined to `raw r` and `stats st`: r{i}, s{i} (grades) and n{i}.
 */
export function explanationColumns(recipe: Recipe | null): SQL {
  const columns = (recipe?.criteria ?? []).flatMap((criterion, i) => [
    sql.raw(`r.r${i}`),
    ...(criterion.kind === 'grade' ? [sql.raw(`r.s${i}`)] : []),
    sql`${normalisedOf(criterion, i)} as ${sql.raw(`n${i}`)}`,
  ]);
  return columns.length > 0 ? sql`, ${sql.join(columns, sql`, `)}` : sql``;
}
/** What joins `ordered o` to what `explanationColumns` reads. */
export const explanationJoin = sql`join raw r on r.id = o.id cross join stats st`;

/** The reasons of the knock-outs set in the bit mask `ko`, in recipe order. */
export function knockoutReasons(recipe: Recipe | null, ko: number): string[] {
  return (recipe?.knockouts ?? []).flatMap((knockout, i) => ((ko >> i) & 1 ? [knockoutSql(knockout).reason] : []));
}

/** The condition under which a knock-out excludes, and what it says. */
export function knockoutSql(knockout: Knockout): { fails: SQL; reason: string } {
  switch (knockout.kind) {
    case 'minGrade':
      return {
        fails: sql`coalesce(${gradeShare} * 100 < ${num(knockout.percent)}, true)`,
        reason: `Grade below ${knockout.percent}% of its scale, or no grade in the profile`,
      };
    case 'maxBacklogs':
      return {
        fails: sql`coalesce(${fact('currentBacklogs')} > ${num(knockout.count)}, true)`,
        reason: `More than ${knockout.count} current backlogs, or none given`,
      };
    case 'graduationYears':
      return {
        fails: sql`coalesce(not (${fact('graduationYear')} = any(${`{${knockout.years.join(',')}}`}::float8[])), true)`,
        reason: `Graduates outside ${knockout.years.join(', ')}`,
      };
    case 'numberAnswerAtLeast':
      return {
        fails: sql`coalesce(${numberAnswer(knockout.fieldId)} < ${num(knockout.min)}, true)`,
        reason: `Answered below ${knockout.min} (or did not answer)`,
      };
    case 'choiceAnswerIn':
      return {
        fails: sql`not (${chosenOptions(knockout.fieldId)} && ${`{${knockout.optionIds.map((id) => JSON.stringify(id)).join(',')}}`}::text[])`,
        reason: 'Did not choose an accepted option',
      };
    case 'minVerifiedRecords':
      return {
        fails: sql`coalesce(v.n, 0) < ${num(knockout.count)}`,
        reason: `Fewer than ${knockout.count} verified records`,
      };
  }
}

/** The whole ranked opening as a CTE chain; callers select from `ordered`. */
export function rankingCtes({ openingId, recipe, only, keepNormalised = false, bind = false }: RankingSqlOptions): SQL {
  const criteria = recipe?.criteria ?? [];
  const knockouts = recipe?.knockouts ?? [];
  const facts = recipe !== null && needsFacts(recipe);
  const verified = recipe !== null && needsVerified(recipe);
  const ratings = criteria.flatMap((c, i) => (c.kind === 'rating' ? [{ criterionId: c.criterionId, index: i }] : []));
  const videoScores = criteria.flatMap((c, i) => (c.kind === 'videoScore' ? [{ taskId: c.taskId, index: i }] : []));
  const scorecards = criteria.flatMap((c, i) => (c.kind === 'scorecard' ? [{ roundId: c.roundId, index: i }] : []));
  const totalWeight = criteria.reduce((sum, c) => sum + c.weight, 0);
  const opening = bind ? sql`${sql.placeholder('openingId')}::uuid` : sql`${openingId}::uuid`;
  const onlyIds = only
    ? bind
      ? sql`${sql.placeholder('applicationIds')}::uuid[]`
      : sql`${`{${only.applicationIds.join(',')}}`}::uuid[]`
    : null;

  const parts: SQL[] = [
    // The facts the responses table shows: the verified education's values when there is one, else the typed ones.
    sql`base as (select a.id, a.applicant_id, a.stage_id, a.submitted_at, a.answers,
      ${facts ? sql`coalesce(${applicantFactsSql(sql`a.applicant_id`)}, '{}'::jsonb)` : sql`'{}'::jsonb`} as facts
      from applications a
      where a.opening_id = ${opening} ${onlyIds ? sql`and a.id = any(${onlyIds})` : sql``})`,
  ];
  if (verified) {
    // A record counts once when some approved group's latest live decision on it is "verified" (several groups
    // may vouch for one record: records are counted, not decisions).
    parts.push(sql`verified as (select subject_user_id, count(distinct (record_kind, record_id))::float8 as n from (
        select distinct on (rv.record_kind, rv.record_id, rv.verification_group_id)
          rv.subject_user_id, rv.record_kind, rv.record_id, rv.decision
        from record_verifications rv
        join verification_groups g on g.id = rv.verification_group_id and g.deleted_at is null
          and g.approval_state = 'approved'
        where rv.voided_at is null and rv.subject_user_id in (select applicant_id from base)
        order by rv.record_kind, rv.record_id, rv.verification_group_id, rv.decided_at desc
      ) latest where latest.decision = 'verified'
      group by subject_user_id)`);
  }
  if (ratings.length > 0) {
    const averages = sql.join(
      ratings.map(
        ({ criterionId, index }) =>
          sql`avg(r.score) filter (where r.criterion_id = ${criterionId}::uuid)::float8 as ${sql.raw(`avg${index}`)}`,
      ),
      sql`, `,
    );
    parts.push(sql`rated as (select r.application_id, ${averages}
      from candidate_ratings r join applications a on a.id = r.application_id and a.opening_id = ${opening}
      ${onlyIds ? sql`and a.id = any(${onlyIds})` : sql``}
      group by r.application_id)`);
  }

  if (videoScores.length > 0) {
    // As /watch averages an answer: every reviewer's scores on the items of the task's current rubric (scores of
    // items since removed no longer count), of submitted answers only. A task removed later still counts (its
    // answers are kept); the task must be this opening's (the recipe was checked when saved; this keeps it so).
    const taskIds = sql`${`{${[...new Set(videoScores.map((v) => v.taskId))].join(',')}}`}::uuid[]`;
    const averages = sql.join(
      videoScores.map(
        ({ taskId, index }) =>
          sql`avg(s.score) filter (where va.task_id = ${taskId}::uuid)::float8 as ${sql.raw(`avg${index}`)}`,
      ),
      sql`, `,
    );
    parts.push(sql`reviewed as (select va.candidate_id, ${averages}
      from video_answers va
      join video_tasks t on t.id = va.task_id and t.opening_id = ${opening}
      join video_scores s on s.answer_id = va.id
        and ${onCurrentRubric('t', 's')}
      where va.task_id = any(${taskIds}) and va.submitted_at is not null
        and va.candidate_id in (select applicant_id from base)
      group by va.candidate_id)`);
  }

  if (scorecards.length > 0) {
    // One scorecard's value: the mean of its 1–5 criteria and its recommendation on the same scale (strong no 1,
    // no 2, yes 4, strong yes 5: RECOMMENDATION_SCORES); the term averages every panelist's card. The round must be
    // a round of this opening (checked when the recipe was saved; the join keeps it so).
    const roundIds = sql`${`{${[...new Set(scorecards.map((c) => c.roundId))].join(',')}}`}::uuid[]`;
    const card = sql`(((select coalesce(sum(value::float8), 0) from jsonb_each_text(s.ratings))
      + (case s.recommendation when 'strongNo' then 1 when 'no' then 2 when 'yes' then 4 else 5 end))
      / ((select count(*) from jsonb_each_text(s.ratings)) + 1))::float8`;
    const averages = sql.join(
      scorecards.map(
        ({ roundId, index }) =>
          sql`avg(${card}) filter (where s.round_id = ${roundId}::uuid)::float8 as ${sql.raw(`avg${index}`)}`,
      ),
      sql`, `,
    );
    parts.push(sql`carded as (select s.application_id, ${averages}
      from round_scorecards s
      join interview_rounds ir on ir.stage_id = s.round_id and ir.opening_id = ${opening}
      where s.round_id = any(${roundIds}) and s.application_id in (select id from base)
      group by s.application_id)`);
  }

  const rawColumns = criteria.flatMap((criterion, i) => {
    const columns = [sql`${rawOf(criterion, i)} as ${sql.raw(`r${i}`)}`];
    if (criterion.kind === 'grade') {
      columns.push(
        sql`coalesce(${gradeScaleMax}, case when ${fact('grade')} <= 10 then 10 else 100 end) as ${sql.raw(`s${i}`)}`,
      );
      columns.push(sql`${gradeShare} as ${sql.raw(`gs${i}`)}`);
    }
    return columns;
  });
  // Knock-outs as a bit mask (bit i: the i-th knock-out applies): narrow to carry, read back by knockoutReasons.
  const knockoutMask =
    knockouts.length > 0
      ? sql.join(
          knockouts.map((k, i) => sql`(case when ${knockoutSql(k).fails} then ${sql.raw(String(1 << i))} else 0 end)`),
          sql` | `,
        )
      : sql`0`;
  parts.push(sql`raw as materialized (select b.id, b.applicant_id, b.stage_id, b.submitted_at,
      (${knockoutMask})::int as ko
      ${rawColumns.length > 0 ? sql`, ${sql.join(rawColumns, sql`, `)}` : sql``}
    from base b
    ${verified ? sql`left join verified v on v.subject_user_id = b.applicant_id` : sql``}
    ${ratings.length > 0 ? sql`left join rated rt on rt.application_id = b.id` : sql``}
    ${videoScores.length > 0 ? sql`left join reviewed vs on vs.candidate_id = b.applicant_id` : sql``}
    ${scorecards.length > 0 ? sql`left join carded sc on sc.application_id = b.id` : sql``})`);

  const statColumns = criteria.flatMap((criterion, i) =>
    usesRange(criterion) ? [sql.raw(`min(r${i}) as lo${i}`), sql.raw(`max(r${i}) as hi${i}`)] : [],
  );
  // One row whatever happens: an aggregate over raw, or a constant when no criterion needs the opening's range; for
  // a few rows (`only`), the opening's row as the build kept it.
  const statNames = criteria.flatMap((criterion, i) => (usesRange(criterion) ? [`lo${i}`, `hi${i}`] : []));
  parts.push(
    statColumns.length === 0
      ? sql`stats as (select 1 as one)`
      : only
        ? sql`stats as (select * from jsonb_to_record(${bind ? sql.placeholder('stats') : JSON.stringify(only.stats)}::jsonb)
            as st(${sql.raw(statNames.map((name) => `${name} float8`).join(', '))}))`
        : sql`stats as (select ${sql.join(statColumns, sql`, `)} from raw)`,
  );

  const scoreSum =
    totalWeight > 0
      ? sql`(${sql.join(
          criteria.map((c, i) => sql`coalesce(${normalisedOf(c, i)}, 0) * ${num(c.weight)}`),
          sql` + `,
        )}) * 100 / ${num(totalWeight)}`
      : sql`0::float8`;
  // The same expressions as the score's (and `explanationColumns`), so the kept values are the ones it summed.
  const normalised = keepNormalised
    ? criteria.length > 0
      ? sql`, array[${sql.join(
          criteria.map((c, i) => normalisedOf(c, i)),
          sql`, `,
        )}]::float8[] as normalised`
      : sql`, null::float8[] as normalised`
    : sql``;
  parts.push(sql`scored as (select r.id, r.applicant_id, r.stage_id, r.submitted_at, r.ko,
      round((${scoreSum})::numeric, 2)::float8 as score${normalised}
    from raw r cross join stats st)`);

  // Pinned to top, the computed order, pinned to bottom, then those a knock-out excluded (unranked).
  const group = sql`(case p.direction when 'top' then 0 when 'bottom' then 2
    else case when s.ko <> 0 then 3 else 1 end end)`;
  parts.push(sql`ordered as (select s.*, p.direction as pin_direction, p.reason as pin_reason,
      p.pinned_by as pin_by, p.pinned_at as pin_at, ${group} as pin_group,
      row_number() over (order by ${group}, s.score desc, s.submitted_at asc, s.id asc) as position
    from scored s left join ranking_pins p on p.application_id = s.id)`);
  return sql`with ${sql.join(parts, sql`, `)}`;
}

/** The filters the ranking list combines with the rank (applied after ranking, so ranks stay opening-wide). */
export interface RankingFilter {
  stageId?: string | undefined;
  minScore?: number | undefined;
  show: 'all' | 'passing' | 'knockedOut';
}

export function rankingFilterSql(filter: RankingFilter, bind?: { stageId: Placeholder; minScore: Placeholder }): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.stageId) conditions.push(sql`o.stage_id = ${bind ? bind.stageId : filter.stageId}::uuid`);
  if (filter.minScore !== undefined)
    conditions.push(bind ? sql`o.score >= ${bind.minScore}::float8` : sql`o.score >= ${num(filter.minScore)}`);
  if (filter.show === 'passing') conditions.push(sql`o.pin_group < 3`);
  if (filter.show === 'knockedOut') conditions.push(sql`o.pin_group = 3`);
  return sql.join(conditions, sql` and `);
}
