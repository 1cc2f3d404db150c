-- The gallery's first schema: one row per distinct results document, plus the figures a GPU page
-- reads, extracted at submission so that no query walks the JSON.

CREATE TABLE runs (
  id bigserial PRIMARY KEY,
  -- sha256 of the document as canonical JSON (keys sorted): the same run submitted twice is one row
  content_hash text NOT NULL UNIQUE,
  submitted_at timestamptz NOT NULL DEFAULT now(),
  document jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  tool_version text NOT NULL,
  -- the adapter as it names itself; runs with the same key are runs on the same GPU
  adapter_key text NOT NULL,
  vendor text NOT NULL,
  architecture text NOT NULL,
  device text NOT NULL,
  description text NOT NULL,
  is_software boolean NOT NULL,
  runtime_kind text NOT NULL,
  browser text NOT NULL,
  os text NOT NULL,
  plan text NOT NULL,
  timing text NOT NULL,
  -- default settings: comparable with other default runs
  comparable boolean NOT NULL,
  complete boolean NOT NULL,
  all_verified boolean NOT NULL,
  read_gbps double precision,
  -- best FMA-probe rate per format, GFLOP/s: {"f32": 1234.5, …}
  fma_gflops jsonb NOT NULL
);

CREATE INDEX runs_adapter_key ON runs (adapter_key);

CREATE INDEX runs_filters ON runs (browser, os);

-- GEMV at batch 1 per weight format: achieved ÷ the roofline bound of the same run
CREATE TABLE run_gemv (
  run_id bigint NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  format text NOT NULL,
  roof_share double precision NOT NULL,
  gbps double precision NOT NULL,
  PRIMARY KEY (run_id, format)
);

-- whole-model decode runs: ms per token for all of the model's layers
CREATE TABLE run_decode (
  run_id bigint NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  ordinal integer NOT NULL,
  model text NOT NULL,
  format text NOT NULL,
  context integer NOT NULL,
  verified boolean NOT NULL,
  ms_per_token double precision,
  PRIMARY KEY (run_id, ordinal)
);

CREATE INDEX run_decode_key ON run_decode (model, format, context);
