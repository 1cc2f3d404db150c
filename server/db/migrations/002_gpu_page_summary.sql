-- What a GPU's page reads, kept by the write path in the transaction that stores each run, so that
-- the page costs two index lookups instead of joins, sorts and aggregates over all of its runs.
-- Both tables are derived: they can be rebuilt from runs, run_gemv and run_decode at any time
-- (this migration does so for the runs already stored).

-- Every value a GPU page spreads, one row per run and figure: read GB/s (kind 'read'), GEMV share
-- of the roof per format ('gemv'), verified decode ms/token per model, format and context
-- ('decode'). The one definition of which values count.
CREATE VIEW run_figure_values AS
  SELECT r.id AS run_id, r.adapter_key, r.browser, r.os, 'read' AS kind, '' AS model,
    '' AS format, 0 AS context, r.read_gbps AS value
  FROM runs r WHERE r.read_gbps IS NOT NULL
  UNION ALL
  SELECT r.id, r.adapter_key, r.browser, r.os, 'gemv', '', g.format, 0, g.roof_share
  FROM runs r JOIN run_gemv g ON g.run_id = r.id
  UNION ALL
  SELECT r.id, r.adapter_key, r.browser, r.os, 'decode', d.model, d.format, d.context,
    d.ms_per_token
  FROM runs r JOIN run_decode d ON d.run_id = r.id
  WHERE d.verified AND d.ms_per_token IS NOT NULL;

-- Those values per adapter, browser, OS and figure, in chunks of runs (run id div 64): each
-- chunk's values as JSON number text joined by commas (float8 printed shortest-exact), so that
-- the write path appends to one short row (under the 2 KB at which TOAST would compress it
-- or move it out) and the page reads a few hundred rows and parses each at once.
CREATE TABLE run_figures (
  adapter_key text NOT NULL,
  browser text NOT NULL,
  os text NOT NULL,
  kind text NOT NULL,
  model text NOT NULL,
  format text NOT NULL,
  context integer NOT NULL,
  chunk bigint NOT NULL,
  n integer NOT NULL,
  vals text NOT NULL,
  PRIMARY KEY (adapter_key, browser, os, kind, model, format, context, chunk)
);

-- Per adapter, browser and OS: how many runs, and the adapter's names as min() over them
CREATE TABLE adapter_runs (
  adapter_key text NOT NULL,
  browser text NOT NULL,
  os text NOT NULL,
  runs integer NOT NULL,
  vendor text NOT NULL,
  architecture text NOT NULL,
  device text NOT NULL,
  description text NOT NULL,
  is_software boolean NOT NULL,
  PRIMARY KEY (adapter_key, browser, os)
);

INSERT INTO adapter_runs
  SELECT adapter_key, browser, os, count(*), min(vendor), min(architecture), min(device),
    min(description), bool_or(is_software)
  FROM runs GROUP BY adapter_key, browser, os;

INSERT INTO run_figures
  SELECT adapter_key, browser, os, kind, model, format, context, run_id / 64, count(*),
    string_agg(to_json(value)::text, ',')
  FROM run_figure_values
  GROUP BY adapter_key, browser, os, kind, model, format, context, run_id / 64;

-- no query filters on browser and OS alone, or looks decode runs up by model: the write path
-- need not keep these
DROP INDEX runs_filters;

DROP INDEX run_decode_key;
