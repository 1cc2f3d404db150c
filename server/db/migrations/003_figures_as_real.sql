-- A GPU page parses every value of its figures (10,000 runs: 60,000 numbers). Stored as float8
-- text they take 17 significant digits, 1.1 MB for such a page; as real (float4, 7 significant
-- digits, far finer than the percent a measurement here is good to) they take half, and the page
-- is read and parsed in half the time. The runs keep their float8 values; only this summary,
-- derived from them, is rebuilt.

TRUNCATE run_figures;

INSERT INTO run_figures
  SELECT adapter_key, browser, os, kind, model, format, context, run_id / 64, count(*),
    string_agg(to_json(value::real)::text, ',')
  FROM run_figure_values
  GROUP BY adapter_key, browser, os, kind, model, format, context, run_id / 64;
