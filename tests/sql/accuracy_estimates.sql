-- The calibrated estimates against the published measurements
-- (catalogs/measurements.csv), computed by the extension itself through
-- sql/accuracy.sql. Every line must print `<name>|1`. The targets are the
-- project's: single-stream decode median absolute error <= 10% and 90th
-- percentile <= 20%. The held-out (GPU left out of the fit) figures are
-- checked by tests/calibration/test_calibration.sh.
SELECT 'acc-decode-rows', (SELECT rows FROM estimate_accuracy_summary WHERE kind = 'decode') = 312;
SELECT 'acc-decode-median', (SELECT median_abs_error FROM estimate_accuracy_summary WHERE kind = 'decode') <= 0.10;
SELECT 'acc-decode-p90', (SELECT p90_abs_error FROM estimate_accuracy_summary WHERE kind = 'decode') <= 0.20;
SELECT 'acc-decode-median-pinned', (SELECT round(median_abs_error, 3) FROM estimate_accuracy_summary WHERE kind = 'decode') = 0.047;
SELECT 'acc-decode-every-gpu-class', (SELECT count(DISTINCT g.memory_class) FROM estimate_accuracy a JOIN gpus g ON g.name = a.gpu WHERE a.kind = 'decode') = 3;
-- Spot check, worked by hand: Llama 3 8B Q4_K_M on an RTX 4090 at tg 512
-- (context 256): weights read (8.03 - 128256 x 4096 / 1e9) x 4.89/8 = 4.5872 GB,
-- KV 256 x 131072 B = 0.0336 GB; 4.6208 / (1008 x 0.9237) = 4.963 ms, plus
-- 32 x 0.1172 ms = 3.750 ms: 8.713 ms, 114.8 tokens/s (measured 130.58).
SELECT 'acc-4090-8b-q4', abs((SELECT estimate FROM estimate_accuracy WHERE kind = 'decode' AND gpu = 'rtx-4090' AND model = 'llama-3-8b' AND dtype = 'q4_k_m' AND gen_tokens = 512 AND gpu_count = 1) - 114.77) < 0.05;
SELECT 'acc-prefill-rows', (SELECT rows FROM estimate_accuracy_summary WHERE kind = 'prefill') >= 280;
SELECT 'acc-aggregate-rows', (SELECT rows FROM estimate_accuracy_summary WHERE kind = 'aggregate') = 120;
SELECT 'acc-flagged-left-out', (SELECT count(*) FROM estimate_accuracy WHERE NOT in_summary) > 0;
SELECT 'acc-hw-median', (SELECT median_abs_error FROM estimate_accuracy_summary WHERE kind = 'hw') <= 0.10;
SELECT 'acc-train-rows', (SELECT rows FROM estimate_accuracy_summary WHERE kind = 'train_mem') = 9;
SELECT 'acc-train-median', (SELECT median_abs_error FROM estimate_accuracy_summary WHERE kind = 'train_mem') <= 0.10;
SELECT 'acc-train-gib-to-gb', (SELECT abs(measured - 84.2 * 1.073741824) < 1e-9 AND unit = 'GB' FROM estimate_accuracy WHERE id = 'T042');
-- Latency rows (TTFT, TPOT) have no estimate yet; per-GPU and online rows are not estimated.
SELECT 'acc-latency-no-estimate', (SELECT count(*) FROM estimate_accuracy WHERE kind = 'latency') = 0;
SELECT 'acc-per-gpu-not-estimated', (SELECT count(*) FROM estimate_accuracy WHERE unit <> 'tokens/s' AND kind IN ('decode', 'prefill', 'aggregate')) = 0;
SELECT 'acc-online-not-estimated', (SELECT count(*) FROM estimate_accuracy a JOIN measurements m USING (id) WHERE m.scenario IN ('online', 'disaggregated')) = 0;
