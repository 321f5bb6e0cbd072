-- The gpuadv_csv module (ext/gpuadv_csv.c): user CSV files as typed,
-- read-only tables. Fixtures are in tests/csv/; paths are relative to the
-- repository root, where the runner starts. Every SELECT line must print
-- `<name>|1`; the CREATE lines print nothing. Each table is created just
-- before the checks that read it.
CREATE VIRTUAL TABLE temp.quotes USING gpuadv_csv(filename='tests/csv/quotes.csv');
CREATE VIRTUAL TABLE temp.types USING gpuadv_csv(filename='tests/csv/types.csv');
SELECT 'csv-header-names', (SELECT group_concat(name, ',') FROM pragma_table_info('quotes')) = 'gpu,vendor,usd_per_hour,gpus,term_months,notes';
SELECT 'csv-no-declared-types', (SELECT count(*) FROM pragma_table_info('quotes') WHERE type <> '') = 0;
SELECT 'csv-row-count', (SELECT count(*) FROM temp.quotes) = 4;
SELECT 'csv-rowid', (SELECT group_concat(rowid, ',') FROM temp.quotes) = '1,2,3,4';
SELECT 'csv-integer', (SELECT typeof(gpus) || ':' || gpus FROM temp.quotes WHERE rowid = 1) = 'integer:8';
SELECT 'csv-real', (SELECT typeof(usd_per_hour) FROM temp.quotes LIMIT 1) = 'real';
SELECT 'csv-real-value', (SELECT usd_per_hour FROM temp.quotes WHERE rowid = 1) = 2.49;
SELECT 'csv-text', (SELECT typeof(vendor) || ':' || vendor FROM temp.quotes WHERE rowid = 4) = 'text:Bolt GPU';
SELECT 'csv-empty-is-null', (SELECT term_months IS NULL FROM temp.quotes WHERE gpu = 'a100-sxm-80gb');
SELECT 'csv-embedded-comma', (SELECT notes FROM temp.quotes WHERE rowid = 1) = 'on-demand, 3-year term';
SELECT 'csv-doubled-quote', (SELECT notes FROM temp.quotes WHERE rowid = 2) = 'spot, "preemptible"';
SELECT 'csv-embedded-newline', (SELECT notes FROM temp.quotes WHERE rowid = 3) = 'two-line' || char(10) || 'note';
SELECT 'csv-row-after-multiline', (SELECT gpu || '|' || gpus FROM temp.quotes WHERE rowid = 4) = 'h100-sxm|16';
SELECT 'csv-where-filter', (SELECT count(*) FROM temp.quotes WHERE gpu = 'h100-sxm' AND usd_per_hour < 2.2) = 1;
SELECT 'csv-int', (SELECT typeof(v) || ':' || v FROM temp.types WHERE k = 'int') = 'integer:42';
SELECT 'csv-negative-int', (SELECT typeof(v) || ':' || v FROM temp.types WHERE k = 'negint') = 'integer:-17';
SELECT 'csv-plus-sign-int', (SELECT typeof(v) || ':' || v FROM temp.types WHERE k = 'plusint') = 'integer:5';
SELECT 'csv-unquoted-leading-zero-int', (SELECT typeof(v) || ':' || v FROM temp.types WHERE k = 'leadzero') = 'integer:7';
SELECT 'csv-quoted-number-stays-text', (SELECT typeof(v) || ':' || v FROM temp.types WHERE k = 'quoted_int') = 'text:007';
SELECT 'csv-quoted-real-stays-text', (SELECT typeof(v) || ':' || v FROM temp.types WHERE k = 'quoted_real') = 'text:2.5';
SELECT 'csv-real-decimal', (SELECT typeof(v) = 'real' AND v = 3.25 FROM temp.types WHERE k = 'real');
SELECT 'csv-real-exponent', (SELECT typeof(v) = 'real' AND v = 1500.0 FROM temp.types WHERE k = 'real_exp');
SELECT 'csv-real-negative-exponent', (SELECT typeof(v) = 'real' AND v = -0.025 FROM temp.types WHERE k = 'real_neg_exp');
SELECT 'csv-real-leading-dot', (SELECT typeof(v) = 'real' AND v = 0.5 FROM temp.types WHERE k = 'real_dot_lead');
SELECT 'csv-real-trailing-dot', (SELECT typeof(v) = 'real' AND v = 5.0 FROM temp.types WHERE k = 'real_dot_trail');
SELECT 'csv-int64-max', (SELECT typeof(v) = 'integer' AND v = 9223372036854775807 FROM temp.types WHERE k = 'max_int');
SELECT 'csv-int64-min', (SELECT typeof(v) = 'integer' AND v = -9223372036854775807 - 1 FROM temp.types WHERE k = 'min_int');
SELECT 'csv-int-overflow-is-real', (SELECT typeof(v) = 'real' AND v = 9223372036854775808.0 FROM temp.types WHERE k = 'int_overflow');
SELECT 'csv-infinite-stays-text', (SELECT typeof(v) || ':' || v FROM temp.types WHERE k = 'huge') = 'text:1e999';
SELECT 'csv-underflow-is-zero', (SELECT typeof(v) = 'real' AND v = 0.0 FROM temp.types WHERE k = 'tiny');
SELECT 'csv-hex-is-text', (SELECT typeof(v) || ':' || v FROM temp.types WHERE k = 'hex') = 'text:0x10';
SELECT 'csv-nan-is-text', (SELECT typeof(v) FROM temp.types WHERE k = 'nan') = 'text';
SELECT 'csv-currency-is-text', (SELECT typeof(v) || ':' || v FROM temp.types WHERE k = 'dollar') = 'text:$3.50';
SELECT 'csv-text-with-space', (SELECT v FROM temp.types WHERE k = 'text') = 'hello world';
SELECT 'csv-unquoted-trimmed', (SELECT typeof(v) || ':' || v FROM temp.types WHERE k = 'spaced') = 'integer:12';
SELECT 'csv-empty-null', (SELECT typeof(v) FROM temp.types WHERE k = 'empty') = 'null';
SELECT 'csv-blank-null', (SELECT typeof(v) FROM temp.types WHERE k = 'blank') = 'null';
SELECT 'csv-quoted-empty-is-text', (SELECT typeof(v) || ':' || v FROM temp.types WHERE k = 'quoted_empty') = 'text:';
SELECT 'csv-quoted-keeps-spaces', (SELECT v FROM temp.types WHERE k = 'quoted_space') = ' x ';
SELECT 'csv-single-quote-in-text', (SELECT v FROM temp.types WHERE k = 'single_quote') = 'O''Brien';
SELECT 'csv-utf8-text', (SELECT v FROM temp.types WHERE k = 'utf8') = 'Café';
SELECT 'csv-typed-count', (SELECT count(*) FROM temp.types) = 27;
CREATE VIRTUAL TABLE temp.crlf USING gpuadv_csv(filename='tests/csv/crlf.csv');
SELECT 'csv-crlf-rows', (SELECT count(*) FROM temp.crlf) = 2;
SELECT 'csv-crlf-no-cr-in-values', (SELECT group_concat(typeof(qty) || ':' || qty, ',') FROM temp.crlf) = 'integer:1,integer:2';
SELECT 'csv-crlf-in-quoted-field', (SELECT name FROM temp.crlf WHERE rowid = 2) = 'y' || char(13, 10) || 'z';
CREATE VIRTUAL TABLE temp.bom USING gpuadv_csv(filename='tests/csv/bom.csv');
SELECT 'csv-bom-skipped', (SELECT group_concat(name, ',') FROM pragma_table_info('bom')) = 'name,qty';
SELECT 'csv-bom-values', (SELECT name || ':' || qty FROM temp.bom) = 'x:1';
CREATE VIRTUAL TABLE temp.nonl USING gpuadv_csv(filename='tests/csv/no_trailing_newline.csv');
SELECT 'csv-no-trailing-newline', (SELECT count(*) || ':' || max(b) || ':' || typeof(max(b)) FROM temp.nonl) = '2:4:integer';
CREATE VIRTUAL TABLE temp.hdr USING gpuadv_csv(filename='tests/csv/headers.csv');
SELECT 'csv-header-made-unique', (SELECT group_concat(name, ',') FROM pragma_table_info('hdr')) = 'id,name,c2,name_2,c2_2,Name_3';
SELECT 'csv-header-unique-values', (SELECT id || name || c2 || name_2 || c2_2 || Name_3 FROM temp.hdr) = '1abcde';
CREATE VIRTUAL TABLE temp.nohdr USING gpuadv_csv(filename='tests/csv/no_header.csv', header=no);
SELECT 'csv-header-no-names', (SELECT group_concat(name, ',') FROM pragma_table_info('nohdr')) = 'c0,c1,c2';
SELECT 'csv-header-no-rows', (SELECT count(*) FROM temp.nohdr) = 3;
SELECT 'csv-header-no-first-row-typed', (SELECT c0 || ':' || typeof(c1) || ':' || c2 FROM temp.nohdr WHERE rowid = 1) = 'h100-sxm:integer:3350';
SELECT 'csv-blank-lines-skipped', (SELECT group_concat(c0, ',') FROM temp.nohdr) = 'h100-sxm,a100-sxm-80gb,l40s';
CREATE VIRTUAL TABLE temp.hdr_yes USING gpuadv_csv(filename = "tests/csv/no_header.csv", HEADER = 'Yes');
SELECT 'csv-header-yes-names', (SELECT group_concat(name, ',') FROM pragma_table_info('hdr_yes')) = 'h100-sxm,80,3350';
SELECT 'csv-header-yes-rows', (SELECT count(*) FROM temp.hdr_yes) = 2;
CREATE VIRTUAL TABLE temp.inline USING gpuadv_csv(data='gpu,usd_per_hour
h100-sxm,2.5
"a100-sxm-80gb",1.25');
SELECT 'csv-data-inline', (SELECT group_concat(gpu || '=' || usd_per_hour, ',') FROM temp.inline) = 'h100-sxm=2.5,a100-sxm-80gb=1.25';
SELECT 'csv-data-inline-typed', (SELECT sum(usd_per_hour) FROM temp.inline) = 3.75;
CREATE VIRTUAL TABLE temp.inline1 USING gpuadv_csv(data='x,"y,z",3', header=no);
SELECT 'csv-data-one-row', (SELECT c0 || '|' || c1 || '|' || typeof(c2) FROM temp.inline1) = 'x|y,z|integer';
CREATE VIRTUAL TABLE temp.only_header USING gpuadv_csv(data='a,b,c');
SELECT 'csv-header-only-no-rows', (SELECT count(*) FROM temp.only_header) = 0 AND (SELECT count(*) FROM pragma_table_info('only_header')) = 3;
CREATE TEMP TABLE g(name, memory_gb);
INSERT INTO g VALUES ('h100-sxm', 80), ('a100-sxm-80gb', 80), ('l40s', 48);
SELECT 'csv-join', (SELECT sum(q.gpus * g.memory_gb) FROM temp.quotes q JOIN g ON g.name = q.gpu) = 2752;
SELECT 'csv-join-cheapest-per-gb', (SELECT q.gpu || '@' || q.vendor FROM temp.quotes q JOIN g ON g.name = q.gpu ORDER BY q.usd_per_hour / g.memory_gb LIMIT 1) = 'a100-sxm-80gb@Acme Cloud';
SELECT 'csv-with-functions', (SELECT round(min(cost_per_mtok(usd_per_hour * gpus, 1000)), 6) FROM temp.quotes) = round(0.99 * 4 * 1e6 / 3600 / 1000, 6);
SELECT 'csv-self-join', (SELECT count(*) FROM temp.quotes a JOIN temp.quotes b ON a.gpu = b.gpu) = 6;
CREATE TEMP VIEW quote_view AS SELECT gpu, usd_per_hour * gpus AS usd FROM temp.quotes;
SELECT 'csv-temp-view-allowed', (SELECT round(sum(usd), 2) FROM quote_view) = round(2.49 * 8 + 1.29 * 8 + 0.99 * 4 + 2.10 * 16, 2);
CREATE VIRTUAL TABLE temp.renamed USING gpuadv_csv(data='a');
ALTER TABLE temp.renamed RENAME TO renamed2;
SELECT 'csv-rename', (SELECT count(*) FROM temp.renamed2) = 0;
DROP TABLE temp.renamed2;
SELECT 'csv-drop', (SELECT count(*) FROM temp.sqlite_master WHERE name LIKE 'renamed%') = 0;
SELECT 'csv-module-listed', (SELECT count(*) FROM pragma_module_list WHERE name = 'gpuadv_csv') = 1;
PRAGMA trusted_schema = OFF;
SELECT 'csv-untrusted-direct-use', (SELECT count(*) FROM temp.quotes) = 4;
SELECT 'csv-untrusted-temp-view', (SELECT count(*) FROM quote_view) = 4;

-- A user's quote file joined with the compiled-in gpus catalog.
CREATE VIRTUAL TABLE temp.quote_join USING gpuadv_csv(filename='tests/csv/quotes.csv');
SELECT 'csv-join-gpus-catalog', (SELECT count(*) FROM temp.quote_join q JOIN gpus g ON g.name = q.gpu) = (SELECT count(*) FROM temp.quote_join);
SELECT 'csv-join-gpus-memory', (SELECT sum(q.gpus * g.memory_gb) FROM temp.quote_join q JOIN gpus g ON g.name = q.gpu) = 2752;  -- 8 x 80 + 8 x 80 + 4 x 48 + ...

-- A quote file that names GPUs the way vendors and providers do joins the
-- catalog through its aliases, case ignored (gpus answers name = ? through
-- the name lookup).
CREATE VIRTUAL TABLE temp.quote_names USING gpuadv_csv(data='gpu,gpus,usd_per_hour
H100-SXM,8,2.49
NVIDIA A100-SXM4-80GB,8,1.29
L40S,4,0.99
RTX 4090,2,0.35');
SELECT 'csv-join-aliases', (SELECT group_concat(g.name, ',') FROM temp.quote_names q JOIN gpus g ON g.name = q.gpu) = 'h100-sxm,a100-sxm-80gb,l40s,rtx-4090';
SELECT 'csv-join-aliases-memory', (SELECT sum(q.gpus * g.memory_gb) FROM temp.quote_names q JOIN gpus g ON g.name = q.gpu) = 8 * 80 + 8 * 80 + 4 * 48 + 2 * 24;
SELECT 'csv-join-gpu-name', (SELECT group_concat(gpu_name(gpu), ',') FROM temp.quote_names) = 'h100-sxm,a100-sxm-80gb,l40s,rtx-4090';
