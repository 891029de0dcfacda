-- The export's cells are written by PostgreSQL (services/applications/export-cells.ts), so that a CSV export streams
-- COPY's own CSV and the server only passes the bytes on. These two functions write a value exactly as the server's
-- JavaScript would show it (`String(value)`), for the cases the cell expressions do not handle inline: numbers outside
-- the range where PostgreSQL's and JavaScript's shortest forms look alike, and answers of an unexpected shape.

-- `String(Number(n))`: the shortest text that reads back as the same double, in JavaScript's layout (plain decimals
-- from 1e-7 to 1e21, else `d.ddde±x`). PostgreSQL's float8 output has the same digits (shortest round trip, with
-- extra_float_digits ≥ 1, which the export sets) but switches to exponents at 1e-4 and 1e15, and pads exponents.
CREATE OR REPLACE FUNCTION "export_number_text"(n numeric) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  f float8;
  t text;
  m text;
  e int;
  sign text := '';
  digits text;
  exact numeric;
  candidate numeric;
  shorter text;
BEGIN
  IF n = 'NaN'::numeric THEN RETURN 'NaN'; END IF;
  IF n = 0 THEN RETURN '0'; END IF;
  -- Beyond a double's range JavaScript reads huge values as Infinity and tiny ones as 0, where the cast to float8
  -- fails. Checked beforehand, exactly (2^1024 - 2^970 rounds up to infinity; 2^-1075 and below round to 0): an
  -- EXCEPTION block would start a subtransaction, which a parallel worker may not.
  IF abs(n) >= power(2::numeric, 1024) - power(2::numeric, 970) THEN
    RETURN CASE WHEN n > 0 THEN 'Infinity' ELSE '-Infinity' END;
  END IF;
  IF abs(n) * power(2::numeric, 1075) <= 1 THEN RETURN '0'; END IF;
  f := n::float8;
  t := f::text;
  IF position('e' IN t) = 0 THEN RETURN t; END IF;
  m := split_part(t, 'e', 1);
  e := split_part(t, 'e', 2)::int;
  IF left(m, 1) = '-' THEN
    sign := '-';
    m := substr(m, 2);
  END IF;
  digits := replace(m, '.', '');
  -- Above 2^53 two doubles can have an integer exactly halfway between them. JavaScript then takes the shorter
  -- decimal that reads back as the same double (a tie reads as the double with the even mantissa), where
  -- PostgreSQL's float8 output keeps one more digit: take the fewest digits that read back the same.
  exact := (m || 'e' || e)::numeric;
  FOR k IN 1 .. length(digits) - 1 LOOP
    candidate := round(exact, k - 1 - e);
    -- Rounded up past the largest double (1.8e308 for 1.5e308, say) it cannot read back the same.
    CONTINUE WHEN candidate > 1.7976931348623157e308;
    IF candidate::float8 = abs(f) THEN
      shorter := rtrim(replace(trim_scale(candidate)::text, '.', ''), '0');
      -- Rounding up may carry into a new leading digit (9.9e20 → 1e21).
      IF candidate >= power(10::numeric, e + 1) THEN e := e + 1; END IF;
      digits := ltrim(shorter, '0');
      EXIT;
    END IF;
  END LOOP;
  IF e >= 21 OR e <= -7 THEN
    RETURN sign || left(digits, 1) || CASE WHEN length(digits) > 1 THEN '.' || substr(digits, 2) ELSE '' END
      || 'e' || CASE WHEN e > 0 THEN '+' ELSE '-' END || abs(e)::text;
  END IF;
  IF e >= 0 THEN
    IF length(digits) > e + 1 THEN
      RETURN sign || left(digits, e + 1) || '.' || substr(digits, e + 2);
    END IF;
    RETURN sign || digits || repeat('0', e + 1 - length(digits));
  END IF;
  RETURN sign || '0.' || repeat('0', -e - 1) || digits;
END;
$$;
--> statement-breakpoint

-- `String(value)` of a JSON value as JavaScript parses it: strings as they are, numbers as above, `true`, `false`,
-- `null`, `[object Object]` for objects, and arrays joined by commas (null elements as nothing), as `String([…])`.
CREATE OR REPLACE FUNCTION "export_json_text"(v jsonb) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  RETURN CASE jsonb_typeof(v)
    WHEN 'string' THEN v #>> '{}'
    WHEN 'number' THEN export_number_text(v::numeric)
    WHEN 'boolean' THEN v::text
    WHEN 'null' THEN 'null'
    WHEN 'object' THEN '[object Object]'
    ELSE coalesce((
      SELECT string_agg(CASE WHEN jsonb_typeof(element) = 'null' THEN '' ELSE export_json_text(element) END, ','
        ORDER BY place)
      FROM jsonb_array_elements(v) WITH ORDINALITY AS elements(element, place)), '')
  END;
END;
$$;
