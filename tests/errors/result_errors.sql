-- Results that cannot be computed (ext/gpuadv_args.h, gpuadv_result_number:
-- here, zero results though no argument is zero; tests/args/test_args.sh
-- has the cases that need the floating-point flags) and values quoted in
-- messages (gpuadv_quote_bytes), each statement followed by the exact
-- message.
-- A batch of 1e299 overflows the compute time to Infinity; batch / Infinity
-- used to come back as 0.0 tokens/s.
SELECT decode_tps(3350, 140, 1e299, 0.8, 1, 989, 70);
-- error: decode_tps(): result is 0 from non-zero inputs: it underflows, or an intermediate value overflows (the inputs are too large or too small)
SELECT model_decode_tps('llama-3.1-70b', 'h100-sxm', 'bf16', 1e299);
-- error: model_decode_tps(): result is 0 from non-zero inputs: it underflows, or an intermediate value overflows (the inputs are too large or too small)
-- 1e-300 * 1e6 / (3600 * 1e300) is about 3e-598: below the smallest double.
SELECT cost_per_mtok(1e-300, 1e300);
-- error: cost_per_mtok(): result is 0 from non-zero inputs: it underflows, or an intermediate value overflows (the inputs are too large or too small)
-- 5e-324 billion parameters at half a byte each: half the smallest double.
SELECT weights_gb(5e-324, 'int4');
-- error: weights_gb(): result is 0 from non-zero inputs: it underflows, or an intermediate value overflows (the inputs are too large or too small)
-- Numeric text is a number: '1e-300' as much as 1e-300.
SELECT egress_usd('1e-300', ' 1e-300 ', 1e-300);
-- error: egress_usd(): result is 0 from non-zero inputs: it underflows, or an intermediate value overflows (the inputs are too large or too small)
-- A NUL byte inside a quoted value is shown as \0; the text after it is kept.
SELECT weights_gb(1, CAST(x'6266003136' AS TEXT));
-- error: weights_gb(): dtype must be one of {dtypes}; got 'bf\016'
SELECT decode_tps(CAST(x'61620063' AS TEXT), 1);
-- error: decode_tps(): mem_bw_gbs must be a number, got 'ab\0c'
SELECT model_weights_gb(CAST(x'6c6c616d61007878' AS TEXT), 'bf16');
-- error: model_weights_gb(): unknown model 'llama\0xx' in models; closest: 'llama-3-8b', 'llama-2-7b', 'llama-3-70b'
