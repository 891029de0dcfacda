import { type LeafField, OTHER_OPTION_ID } from '@placely/contract';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The export's cells as SQL: each expression gives a cell's text (null for an empty cell) exactly as the server's
 * JavaScript shows the same value (`leafCell` in export.ts, which the "received" mail and shortlists still use;
 * export-cells.test.ts holds both to the same output). PostgreSQL then writes a CSV export itself, and the server
 * passes COPY's bytes on instead of parsing every row and writing it again (bench/results/hot-paths.md, 2026-11-27
 * 23:00 UTC).
 *
 * Expressions are repeated rather than bound once: PostgreSQL evaluates a cell's few JSON look-ups again, which costs
 * less than a subquery or a function call per row.
 */

/**
 * A number as `String(Number(n))` writes it. Between 1e-4 and 1e15 PostgreSQL's shortest float8 text is the same as
 * JavaScript's (0 too); outside, `export_number_text` (migration 0033) lays it out. The inline bound is 1e14, not 1e15:
 * a decimal just under 1e15 can read as the double 1e15 (999999999999999.9375 is a tie that rounds to it).
 */
export function numberText(value: SQL): SQL {
  return sql`case when (abs(${value}) >= 0.0001 and abs(${value}) < 1e14) or ${value} = 0 then (${value})::float8::text else export_number_text(${value}) end`;
}

/** A float8 (computed in the statement) as JavaScript writes it; `+ 0` turns a negative zero into 0, as `String(-0)`. */
export function floatText(value: SQL): SQL {
  return sql`case when (abs(${value}) >= 0.0001 and abs(${value}) < 1e15) or ${value} = 0 then ((${value}) + 0)::text else export_number_text((${value})::numeric) end`;
}

/** `Math.round(value)` for a float8: the nearest integer, halves toward +∞ (`round()` in SQL rounds them away from 0). */
export function jsRound(value: SQL): SQL {
  return sql`(case when (${value}) - floor(${value}) >= 0.5 then ceil(${value}) else floor(${value}) end)`;
}

/** A UTC timestamp as `Date#toISOString()` writes it (milliseconds, truncated as the Date parse truncates them). */
export function isoText(timestamp: SQL): SQL {
  return sql`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * A text cell as the CSV writes it: text a spreadsheet would run as a formula (starting with = + - @, a tab or a
 * carriage return) gets a leading quote mark, and an empty text is null: COPY's CSV quotes an empty string to tell it
 * from null, and the export never did. The cell builders apply it where their text is made, not around the whole
 * cell, so that a cell's JSON reads are not repeated for it.
 */
export function csvText(text: SQL): SQL {
  return sql`(case when ascii(${text}) in (61, 43, 45, 64, 9, 13) then '''' || ${text} else nullif(${text}, '') end)`;
}

/** A JSON string value's text, `String(value)` of any other non-null value. */
function jsonText(value: SQL): SQL {
  return sql`case when jsonb_typeof(${value}) = 'string' then ${value} #>> '{}' else export_json_text(${value}) end`;
}

/** The label of the option `optionId` names (the first option of an id wins; an unknown id stands for itself). */
function optionLabel(field: LeafField, optionId: SQL, write: (text: SQL) => SQL): SQL {
  const seen = new Set<string>([OTHER_OPTION_ID]);
  const branches: SQL[] = [sql`when ${OTHER_OPTION_ID} then 'Other'`];
  for (const option of 'options' in field ? field.options : []) {
    if (seen.has(option.id)) continue;
    seen.add(option.id);
    branches.push(sql`when ${option.id} then ${write(sql`${option.label}::text`)}`);
  }
  return sql`(case ${optionId} ${sql.join(branches, sql` `)} else ${write(optionId)} end)`;
}

/** An answer in its parent (the answers, or a repeatable group's row): its JSON value, and its text read directly. */
export interface AnswerRef {
  value: SQL;
  /** `->>`: a string's text without building its JSON value first. */
  text: SQL;
}

export function answerAt(parent: SQL, key: string): AnswerRef {
  return { value: sql`(${parent} -> ${key}::text)`, text: sql`(${parent} ->> ${key}::text)` };
}

/** The answer cell of one field (null when the key is missing) as the CSV writes it: `leafCell`, then `csvText`. */
export function leafCellSql(field: LeafField, answer: AnswerRef): SQL {
  const value = answer.value;
  switch (field.type) {
    case 'yesNo':
      return sql`(case ${value} when 'true'::jsonb then 'Yes' when 'false'::jsonb then 'No' end)`;
    case 'number':
    case 'linearScale':
      return sql`(case when jsonb_typeof(${value}) = 'number' then ${numberText(sql`(${value})::numeric`)} end)`;
    case 'singleChoice':
    case 'dropdown': {
      const optionId = sql`(${value} ->> 'optionId')`;
      return sql`(case when jsonb_typeof(${value} -> 'optionId') = 'string' then ${optionLabel(field, optionId, csvText)} end)`;
    }
    case 'multipleChoice': {
      // The labels are joined first and the joined text written once (PostgreSQL computes the repeated aggregate once);
      // no option chosen is an empty text, which the CSV writes as nothing.
      const label = optionLabel(field, jsonText(sql`chosen.option_id`), (text) => text);
      return sql`(case when jsonb_typeof(${value} -> 'optionIds') = 'array' then (
          select ${csvText(sql`string_agg(${label}, '; ' order by chosen.place)`)}
          from jsonb_array_elements(${value} -> 'optionIds') with ordinality as chosen(option_id, place)) end)`;
    }
    case 'fileUpload':
      return sql`(case when jsonb_typeof(${value} -> 'name') = 'string' then ${csvText(sql`(${value} ->> 'name')`)} end)`;
    default:
      return sql`(case jsonb_typeof(${value}) when 'string' then ${csvText(answer.text)} when 'null' then null
        else ${csvText(sql`export_json_text(${value})`)} end)`;
  }
}

/** The "Other" text of a choice answer, as the CSV writes it. */
export function otherTextSql(answer: AnswerRef): SQL {
  const value = answer.value;
  return sql`(case when jsonb_typeof(${value} -> 'otherText') = 'string' then ${csvText(sql`(${value} ->> 'otherText')`)} end)`;
}

/** The file id of a file answer, for its link. */
export function fileIdSql(answer: AnswerRef): SQL {
  const value = answer.value;
  return sql`(case when jsonb_typeof(${value} -> 'fileId') = 'string' then ${value} ->> 'fileId' end)`;
}

/**
 * A value as `URLSearchParams` writes it (application/x-www-form-urlencoded): letters, digits and `*-._` as they are,
 * a space as `+`, every other UTF-8 byte as `%XX`. Ids need no escaping; anything else is escaped character by
 * character.
 */
export function formUrlEncoded(value: SQL): SQL {
  return sql`(case when ${value} ~ '^[-*._0-9A-Za-z]*$' then ${value} else (
      select string_agg(case when part.c ~ '^[-*._0-9A-Za-z]$' then part.c when part.c = ' ' then '+'
          else upper(regexp_replace(encode(convert_to(part.c, 'UTF8'), 'hex'), '(..)', '%\\1', 'g')) end, ''
        order by part.n)
      from regexp_split_to_table(${value}, '') with ordinality as part(c, n)) end)`;
}
