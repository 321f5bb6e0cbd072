#!/usr/bin/python3
"""Validate the catalogs/ CSV files and turn them into C tables for gpuadv.

    gen_catalog.py --csv-dir catalogs --out-c build/gpuadv_catalog_data.c \
                   --out-h build/gpuadv_catalog_cols.h \
                   --out-dtypes build/gpuadv_dtypes.h

Each catalog's columns, types, ranges and keys are declared in CATALOGS
below. Any problem fails the build with `file:line: reason` on stderr and
exit status 1, before anything is written: a wrong column count or header,
a value that is not a number in a numeric column, a value out of its sane
range, a missing required value (source and as_of included), a duplicate
key, a reference to an unknown GPU, an alias (aliases.csv) of an unknown
name or one that folds (case, spaces, underscores) like another name or
alias of its catalog.

The dtypes come from dtypes.csv (catalogs/dtype_catalog.py reads and checks
it): --out-dtypes writes them as the enum gpuadv_dtype_id and the rows of
gpuadv_dtypes[] (ext/gpuadv_math.c), and the engine_support lists must
name them.

The C file holds one row-major array of typed cells per catalog plus, for
each indexed column, the row numbers sorted by that column (bytewise), so
`WHERE name = ?` is a binary search; for gpus and models also every name
and alias, folded and sorted, for the name lookup of
ext/gpuadv_catalog_lookup.c. The header holds each table's schema string
with its column index #defines beside it.
"""
import argparse
import csv
import os
import re
import sys

import dtype_catalog

DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
# a release number as the engines catalog names one (ext/gpuadv_release.c)
RELEASE_RE = re.compile(r"^\d+(\.\d+)*$")
# a source's own date as precise as it gives it: a year, a half, a quarter,
# a month or a day
PERIOD_RE = re.compile(r"^\d{4}(-\d{2}(-\d{2})?|-Q[1-4]|-H[12])?$")
SLUG_RE = re.compile(r"^[a-z0-9][a-z0-9.\-]*$")


def col(name, ctype, required=True, lo=None, hi=None, choices=None,
        pattern=None, collate=None):
    return dict(name=name, ctype=ctype, required=required, lo=lo, hi=hi,
                choices=choices, pattern=pattern, collate=collate)


def provenance(required=True, pattern=DATE_RE):
    """The source, as_of and notes columns that end most catalogs: as_of
    required or not, a date unless pattern says otherwise."""
    return [col("source", "TEXT"),
            col("as_of", "TEXT", required, pattern=pattern),
            col("notes", "TEXT", False)]


# An alias: printable ASCII, at most ALIAS_MAX bytes (the C lookup folds a
# key into a buffer of that size).
ALIAS_MAX = 120
ALIAS_RE = re.compile(r"^[\x21-\x7e][\x20-\x7e]{0,%d}$" % (ALIAS_MAX - 1))


def fold(text):
    """The lookup form of a name or alias: ASCII letters lowercased, spaces
    and underscores made hyphens, nothing else changed ('NVIDIA H100_SXM'
    is 'nvidia-h100-sxm'). ext/gpuadv_catalog_lookup.c folds the same
    way."""
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else
                   "-" if c in " _" else c for c in text)


TFLOPS = dict(lo=0.01, hi=50000)

# The dtype keywords (dtypes.csv), which the engine_support catalog's lists
# must use; set by main().
DTYPES = set()

CATALOGS = [
    dict(
        table="gpus", file="gpus.csv", key="name", indexes=["name"],
        lookup=True,
        columns=[
            col("name", "TEXT", pattern=SLUG_RE, collate="NOCASE"),
            col("vendor", "TEXT"),
            col("arch", "TEXT"),
            col("year", "INTEGER", lo=2010, hi=2030),
            col("form_factor", "TEXT"),
            col("memory_gb", "REAL", lo=4, hi=2000),
            col("memory_type", "TEXT"),
            col("memory_class", "TEXT",
                choices={"HBM", "GDDR", "unified", "DDR"}),
            col("mem_bw_gbs", "REAL", lo=50, hi=50000),
            col("fp32_tflops", "REAL", False, **TFLOPS),
            col("tf32_tflops", "REAL", False, **TFLOPS),
            col("bf16_tflops", "REAL", False, **TFLOPS),
            col("fp16_tflops", "REAL", False, **TFLOPS),
            col("fp16_acc16_tflops", "REAL", False, **TFLOPS),
            col("fp8_tflops", "REAL", False, **TFLOPS),
            col("int8_tops", "REAL", False, **TFLOPS),
            col("fp4_tflops", "REAL", False, **TFLOPS),
            col("bf16_achieved_tflops", "REAL", False, **TFLOPS),
            col("fp8_achieved_tflops", "REAL", False, **TFLOPS),
            col("interconnect_gbs", "REAL", False, lo=1, hi=20000),
            col("scale_up_link", "TEXT", False),
            col("tdp_w", "REAL", False, lo=5, hi=5000),
            col("price_usd", "REAL", False, lo=50, hi=2000000),
            col("price_source", "TEXT", False),
            # the date of price_source's price where the source gives one
            col("price_as_of", "TEXT", False, pattern=PERIOD_RE),
            col("capability", "TEXT", choices={"train", "serve"}),
            col("sold_in", "TEXT",
                choices={"gpu-server", "rack-server", "desktop", "system",
                         "cloud"}),
            *provenance(),
        ]),
    dict(
        table="models", file="models.csv", key="name", indexes=["name"],
        lookup=True,
        columns=[
            col("name", "TEXT", pattern=SLUG_RE, collate="NOCASE"),
            col("family", "TEXT"),
            col("params_b", "REAL", lo=0.01, hi=100000),
            col("active_params_b", "REAL", lo=0.01, hi=100000),
            col("layers", "INTEGER", lo=1, hi=1000),
            col("hidden", "INTEGER", lo=64, hi=1000000),
            col("intermediate", "INTEGER", lo=64, hi=10000000),
            col("heads", "INTEGER", lo=1, hi=4096),
            col("kv_heads", "INTEGER", lo=1, hi=4096),
            col("head_dim", "INTEGER", lo=8, hi=4096),
            col("vocab", "INTEGER", lo=100, hi=10000000),
            col("context", "INTEGER", lo=128, hi=100000000),
            col("attention", "TEXT", choices={"mha", "gqa", "mqa", "mla", "csa"}),
            col("kv_lora_rank", "INTEGER", False, lo=1, hi=65536),
            col("qk_rope_head_dim", "INTEGER", False, lo=1, hi=4096),
            col("n_experts", "INTEGER", False, lo=2, hi=100000),
            col("experts_per_token", "INTEGER", False, lo=1, hi=1000),
            col("sliding_window", "INTEGER", False, lo=1, hi=100000000),
            col("sliding_layers", "INTEGER", False, lo=1, hi=1000),
            col("linear_layers", "INTEGER", False, lo=1, hi=1000),
            col("linear_state_elems", "INTEGER", False, lo=1, hi=10**10),
            col("global_kv_heads", "INTEGER", False, lo=1, hi=4096),
            col("global_head_dim", "INTEGER", False, lo=8, hi=4096),
            col("kv_shared_layers", "INTEGER", False, lo=1, hi=1000),
            col("kv_shared_sliding", "INTEGER", False, lo=0, hi=1000),
            col("extra_kv_elems", "INTEGER", False, lo=1, hi=10**7),
            col("attn_topk", "INTEGER", False, lo=1, hi=10**8),
            col("index_heads", "INTEGER", False, lo=1, hi=4096),
            col("topk_kv_elems", "INTEGER", False, lo=1, hi=10**7),
            *provenance(),
        ]),
    # Vision and diffusion models (ext/gpuadv_image.c); each row found by
    # its name or its Hugging Face id (alias_columns).
    dict(
        table="image_models", file="image_models.csv", key="name",
        indexes=["name"], lookup=True, alias_columns=["hf_id"],
        columns=[
            col("name", "TEXT", pattern=SLUG_RE, collate="NOCASE"),
            col("hf_id", "TEXT", False, pattern=ALIAS_RE),
            col("family", "TEXT",
                choices={"classifier", "diffusion", "vae", "text-encoder"}),
            col("arch", "TEXT",
                choices={"cnn", "vit", "unet", "dit", "vae", "text"}),
            col("params_m", "REAL", lo=1, hi=1000000),
            col("gflop", "REAL", lo=0.01, hi=10000000),
            col("ref_resolution", "INTEGER", lo=8, hi=16384),
            col("attn_share", "REAL", lo=0, hi=0.9),
            col("acts_m", "REAL", False, lo=0.01, hi=1000000),
            col("infer_act_gb", "REAL", lo=0, hi=1000),
            col("cfg", "INTEGER", False, lo=1, hi=2),
            col("default_steps", "INTEGER", False, lo=1, hi=1000),
            col("vae", "TEXT", False, pattern=SLUG_RE),
            col("text_encoders", "TEXT", False),
            *provenance(pattern=PERIOD_RE),
        ]),
    dict(
        table="image_measurements", file="image_measurements.csv", key="id",
        indexes=["id"],
        references={"gpu": ("gpus", "name"), "model": ("image_models", "name")},
        columns=[
            col("id", "TEXT", pattern=re.compile(r"^I\d+$")),
            col("model", "TEXT"),
            col("gpu", "TEXT"),
            col("task", "TEXT", choices={"train", "infer", "generate",
                                         "denoise"}),
            col("dtype", "TEXT", choices={"fp32", "fp16", "bf16", "fp8"}),
            col("batch", "INTEGER", lo=1, hi=100000),
            col("resolution", "INTEGER", lo=8, hi=16384),
            col("steps", "INTEGER", False, lo=1, hi=1000),
            col("value", "REAL", lo=0, hi=1e9),
            col("unit", "TEXT", choices={"images/s", "steps/s"}),
            col("split", "TEXT", choices={"fit", "held-out"}),
            col("source", "TEXT"),
            col("source_title", "TEXT"),
            col("as_of", "TEXT", False, pattern=PERIOD_RE),
            col("notes", "TEXT", False),
        ]),
    dict(
        table="aliases", file="aliases.csv", key=None,
        indexes=["alias", "name"],
        columns=[
            col("catalog", "TEXT", choices={"gpus", "models"}),
            col("alias", "TEXT", pattern=ALIAS_RE),
            col("name", "TEXT", pattern=SLUG_RE),
            col("why", "TEXT"),
        ]),
    dict(
        table="measurements", file="measurements.csv", key="id",
        indexes=["id", "gpu"],
        references={"gpu": ("gpus", "name"), "model": ("models", "name")},
        columns=[
            col("id", "TEXT", pattern=re.compile(r"^[A-Z]\d+$")),
            col("kind", "TEXT", choices={"decode", "prefill", "aggregate",
                                         "latency", "train_mem", "hw",
                                         "train_tps"}),
            col("metric", "TEXT"),
            col("gpu", "TEXT", False),
            col("gpu_count", "INTEGER", False, lo=1, hi=100000),
            col("model", "TEXT", False),
            col("params_b", "REAL", False, lo=0.01, hi=100000),
            col("dtype", "TEXT", False),
            # the KV cache's dtype where the source states it (else the
            # engine's default: engines.kv_cache_dtype)
            col("kv_dtype", "TEXT", False, choices={"fp8", "bf16", "fp16"}),
            col("framework", "TEXT", False),
            col("batch", "INTEGER", False, lo=1, hi=10000000),
            col("prompt_tokens", "INTEGER", False, lo=0, hi=10000000),
            col("gen_tokens", "INTEGER", False, lo=0, hi=10000000),
            col("mode", "TEXT", False),
            col("optimizer", "TEXT", False),
            col("micro_batch", "INTEGER", False, lo=1, hi=100000),
            col("seq_len", "INTEGER", False, lo=1, hi=10000000),
            col("grad_checkpointing", "TEXT", False, choices={"yes", "no"}),
            col("lora_rank", "INTEGER", False, lo=1, hi=100000),
            col("zero_stage", "INTEGER", False, lo=0, hi=3),
            col("engine", "TEXT", False,
                choices={"vllm", "sglang", "trtllm", "llama.cpp", "ollama",
                         "atom", "tilert", "pytorch", "intel-gaudi"}),
            col("engine_version", "TEXT", False),
            col("tp", "INTEGER", False, lo=1, hi=100000),
            col("pp", "INTEGER", False, lo=1, hi=100000),
            col("ep", "INTEGER", False, lo=1, hi=100000),
            col("concurrency", "INTEGER", False, lo=1, hi=10000000),
            col("scenario", "TEXT", False,
                choices={"single-stream", "offline", "online", "disaggregated"}),
            col("speculative", "TEXT", False, choices={"yes", "no"}),
            col("value", "REAL", lo=0, hi=1e9),
            col("unit", "TEXT"),
            col("gpu_label", "TEXT"),
            col("model_label", "TEXT", False),
            col("dtype_label", "TEXT", False),
            *provenance(),
            # the id of the row that counts this figure (a second copy, or a
            # later version of its page): this row is left out of fits
            col("repeat_of", "TEXT", False, pattern=re.compile(r"^[A-Z]\d+$")),
        ]),
    dict(
        table="engines", file="engines.csv", key="name", indexes=["name"],
        columns=[
            col("name", "TEXT", pattern=SLUG_RE),
            col("label", "TEXT"),
            col("vendors", "TEXT"),
            col("max_batch", "INTEGER", lo=1, hi=100000),
            col("token_budget", "INTEGER", lo=16, hi=10000000),
            col("bw_eff_hbm", "REAL", lo=0.05, hi=1),
            col("bw_eff_gddr", "REAL", lo=0.05, hi=1),
            col("bw_eff_unified", "REAL", lo=0.05, hi=1),
            col("bw_eff_ddr", "REAL", lo=0.05, hi=1),
            col("kv_eff", "REAL", lo=0.05, hi=1),
            col("layer_overhead_us", "REAL", lo=0, hi=10000),
            col("moe_layer_overhead_us", "REAL", lo=0, hi=10000),
            col("token_overhead_us", "REAL", lo=0, hi=10000),
            col("prefill_token_us", "REAL", lo=0, hi=10000),
            col("compute_eff", "REAL", lo=0.05, hi=1),
            col("prefill_mfu", "REAL", lo=0.05, hi=1),
            col("prefill_half_tokens", "REAL", lo=0, hi=1000000),
            col("gguf_unified_factor", "REAL", lo=0.05, hi=1),
            col("prefill_mfu_unified", "REAL", lo=0.05, hi=1),
            col("gguf_prefill_factor", "REAL", lo=0.05, hi=1),
            col("attn_eff", "REAL", lo=0.05, hi=1),
            col("fp4_eff", "REAL", lo=0.05, hi=1),
            col("dequant_eff", "REAL", lo=0.05, hi=1),
            col("dequant_prefill_eff", "REAL", lo=0.05, hi=1),
            col("amd_eff", "REAL", lo=0.05, hi=1),
            col("gaudi_eff", "REAL", lo=0.05, hi=1),
            col("multi_gpu", "TEXT", choices={"tensor", "layer"}),
            col("fp16_accumulate", "INTEGER", lo=0, hi=1),
            col("dp_token_budget", "TEXT", choices={"group", "shared"}),
            # the KV cache's dtype by default: auto (16-bit, the model's
            # activations) or checkpoint (8-bit with 8- and 4-bit weights)
            col("kv_cache_dtype", "TEXT", choices={"auto", "checkpoint"}),
            # how the engine sizes its KV cache (ext/gpuadv_engine_mem.h)
            col("memory_rule", "TEXT",
                choices={"utilization", "static", "free", "plain"}),
            # the date of the first release that by default starts each
            # step before it hands out the last one's tokens (overlap
            # scheduling, ext/gpuadv_sim.c); empty: none does
            col("overlap_from", "TEXT", False, pattern=DATE_RE),
            # that release's version (ext/gpuadv_release.c): what a
            # caller's engine_version is ordered against
            col("overlap_version", "TEXT", False, pattern=RELEASE_RE),
            # how the engine admits a request to its KV cache
            # (ext/gpuadv_sim.c, "Admission"): reserve (prompt + output
            # reserved whole, never preempted) or preempt (the prompt
            # must fit; the newest is preempted when the decodes do not)
            col("kv_admission", "TEXT", choices={"reserve", "preempt"}),
            # the releases the constants describe, where the rows of older
            # ones disagree: the era's first version and the date it came
            # out; a row measured before that date is scored, not fitted
            # (empty: every release the rows ran)
            col("era", "TEXT", False, pattern=RELEASE_RE),
            col("era_from", "TEXT", False, pattern=DATE_RE),
            col("fit", "TEXT"),
            *provenance(),
        ]),
    dict(
        table="engine_support", file="engine_support.csv", key=None,
        indexes=["engine"],
        references={"engine": ("engines", "name")},
        columns=[
            col("engine", "TEXT", pattern=SLUG_RE),
            col("vendor", "TEXT"),
            col("arch", "TEXT"),
            col("dtypes", "TEXT"),
            col("kv_dtypes", "TEXT"),
            *provenance(),
        ]),
    dict(
        table="cloud_instances", file="cloud_instances.csv", key=None,
        indexes=["gpu", "provider"],
        references={"gpu": ("gpus", "name")},
        columns=[
            col("provider", "TEXT", pattern=SLUG_RE),
            col("instance_type", "TEXT"),
            col("region", "TEXT", False),
            col("gpu", "TEXT"),
            col("gpu_count", "REAL", lo=0.01, hi=20000),
            col("vcpus", "REAL", False, lo=0, hi=100000),
            col("ram_gb", "REAL", False, lo=0, hi=1000000),
            col("usd_per_hour", "REAL", lo=0.001, hi=1000000),
            col("spot_usd_per_hour", "REAL", False, lo=0.0001, hi=1000000),
            col("source", "TEXT"),
            # the source's own date; empty when unknown, with the reason in notes
            col("as_of", "TEXT", False, pattern=DATE_RE),
            col("source_accelerator", "TEXT", False),
            col("notes", "TEXT", False),
            # empty = clean; else why the price is suspect (refresh_cloud_instances.py)
            col("price_flag", "TEXT", False),
        ]),
    dict(
        table="owned_costs", file="owned_costs.csv", key=None,
        indexes=["item"],
        references={"gpu": ("gpus", "name")},
        columns=[
            col("item", "TEXT", choices={
                "server_usd", "host_share_usd", "pcie_host_usd",
                "workstation_host_usd", "network_usd_per_gpu",
                "fabric_gbps_per_gpu", "node_power_factor", "typical_power_share",
                "pue", "usd_per_kwh", "colo_usd_per_kw_month",
                "support_share_per_year", "warranty_years", "staff_fte_per_node",
                "staff_usd_per_fte_year", "resale_share", "lifetime_years"}),
            col("gpu", "TEXT", False),
            col("value", "REAL", lo=0, hi=100000000),
            col("unit", "TEXT"),
            *provenance(required=False, pattern=PERIOD_RE),
        ]),
    dict(
        table="committed_prices", file="committed_prices.csv", key=None,
        indexes=["gpu"],
        references={"gpu": ("gpus", "name")},
        columns=[
            col("provider", "TEXT", pattern=SLUG_RE),
            col("instance_type", "TEXT"),
            col("gpu", "TEXT"),
            col("gpu_count", "INTEGER", lo=1, hi=100000),
            col("term", "TEXT"),
            col("term_days", "INTEGER", lo=1, hi=3650),
            col("max_days", "INTEGER", False, lo=1, hi=3650),
            col("usd_per_hour", "REAL", lo=0.001, hi=1000000),
            *provenance(required=False, pattern=PERIOD_RE),
        ]),
    dict(
        table="cloud_regions", file="cloud_regions.csv", key=None,
        indexes=["region"],
        columns=[
            col("provider", "TEXT", pattern=SLUG_RE),
            col("region", "TEXT"),
            col("country", "TEXT", False, pattern=re.compile(r"^[A-Z]{2}$")),
            col("continent", "TEXT", False,
                choices={"AF", "AS", "EU", "NA", "OC", "SA"}),
            *provenance(),
        ]),
    dict(
        table="spot_interruptions", file="spot_interruptions.csv", key=None,
        indexes=["provider"],
        columns=[
            col("provider", "TEXT", pattern=re.compile(r"^([a-z0-9][a-z0-9.\-]*|\*)$")),
            col("instance_glob", "TEXT"),
            col("per_day", "REAL", lo=0, hi=100),
            *provenance(required=False, pattern=PERIOD_RE),
        ]),
]


class CatalogError(Exception):
    pass


def parse_number(text, ctype):
    if ctype == "INTEGER":
        if not re.match(r"^-?\d+$", text):
            raise ValueError
        return int(text)
    if not re.match(r"^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$", text):
        raise ValueError
    return float(text)


def check_row_extra(cat, row, where):
    """Cross-column rules of a row."""
    t = cat["table"]
    if t == "gpus" and row["price_usd"] is not None and not row["price_source"]:
        raise CatalogError("%s: price_usd without price_source" % where)
    if t == "models":
        if row["active_params_b"] > row["params_b"]:
            raise CatalogError("%s: active_params_b %g exceeds params_b %g"
                               % (where, row["active_params_b"],
                                  row["params_b"]))
        if row["attention"] in ("mla", "csa") and (
                row["kv_lora_rank"] is None or row["qk_rope_head_dim"] is None):
            raise CatalogError("%s: attention %s needs kv_lora_rank and "
                               "qk_rope_head_dim" % (where, row["attention"]))
        if row["attention"] == "csa" and (
                row["extra_kv_elems"] is None or
                row["sliding_layers"] != row["layers"]):
            raise CatalogError("%s: attention csa (compressed, DeepSeek-V4) "
                               "goes with extra_kv_elems and a window "
                               "in every layer (sliding_layers = layers)"
                               % where)
        if (row["topk_kv_elems"] is not None or row["index_heads"] is not None) and (
                row["attn_topk"] is None or row["extra_kv_elems"] is None or
                (row["topk_kv_elems"] or 0) > row["extra_kv_elems"]):
            raise CatalogError("%s: topk_kv_elems and index_heads go with "
                               "attn_topk and extra_kv_elems (topk_kv_elems "
                               "a part of it)" % where)
        if row["attention"] == "mla" and row["sliding_layers"] is not None:
            raise CatalogError("%s: attention mla keeps every token's latent: "
                               "no sliding layers (DeepSeek-V4's window is "
                               "attention csa)" % where)
        if (row["sliding_window"] is None) != (row["sliding_layers"] is None):
            raise CatalogError("%s: sliding_window and sliding_layers go "
                               "together" % where)
        if (row["linear_layers"] is None) != (row["linear_state_elems"] is None):
            raise CatalogError("%s: linear_layers and linear_state_elems go "
                               "together" % where)
        if (row["sliding_layers"] or 0) + (row["linear_layers"] or 0) > \
                row["layers"]:
            raise CatalogError("%s: sliding_layers + linear_layers exceed "
                               "layers %d" % (where, row["layers"]))
        if (row["global_kv_heads"] is None) != (row["global_head_dim"] is None):
            raise CatalogError("%s: global_kv_heads and global_head_dim go "
                               "together" % where)
        if row["global_kv_heads"] is not None and (
                row["attention"] == "mla" or row["sliding_layers"] is None):
            raise CatalogError("%s: global_kv_heads needs sliding layers "
                               "beside the full ones, and no MLA" % where)
        if (row["kv_shared_layers"] is None) != \
                (row["kv_shared_sliding"] is None):
            raise CatalogError("%s: kv_shared_layers and kv_shared_sliding "
                               "go together" % where)
        if row["kv_shared_layers"] is not None:
            full = row["layers"] - (row["linear_layers"] or 0) - \
                (row["sliding_layers"] or 0)
            if row["kv_shared_sliding"] > (row["sliding_layers"] or 0) or \
                    row["kv_shared_layers"] - row["kv_shared_sliding"] \
                    not in range(0, full) or \
                    row["kv_shared_sliding"] > row["kv_shared_layers"]:
                raise CatalogError(
                    "%s: kv_shared_layers %d (%d sliding) must leave each "
                    "kind of layer one cache of its own" %
                    (where, row["kv_shared_layers"],
                     row["kv_shared_sliding"]))
        if (row["sliding_layers"] or 0) > row["layers"]:
            raise CatalogError("%s: sliding_layers %d exceeds layers %d"
                               % (where, row["sliding_layers"], row["layers"]))
    if t == "engine_support":
        for field in ("dtypes", "kv_dtypes"):
            unknown = [w for w in row[field].split() if w not in DTYPES]
            if unknown:
                raise CatalogError("%s: %s: unknown dtype %r" %
                                   (where, field, unknown[0]))
    if t in ("owned_costs", "committed_prices", "spot_interruptions") and \
            row["as_of"] is None and "as_of unknown" not in (row["notes"] or ""):
        raise CatalogError("%s: as_of is empty and notes do not say "
                           "'as_of unknown' with the reason" % where)
    if t == "owned_costs" and (row["item"] == "server_usd") != (row["gpu"] is not None):
        raise CatalogError("%s: a server_usd row names its gpu; other items "
                           "leave gpu empty" % where)
    if t == "image_measurements" and row["as_of"] is None and \
            "as_of unknown" not in (row["notes"] or ""):
        raise CatalogError("%s: as_of is empty and notes do not say "
                           "'as_of unknown' with the reason" % where)
    if t == "image_models":
        diffusion = row["family"] == "diffusion"
        for c in ("cfg", "default_steps", "vae", "text_encoders"):
            if (row[c] is not None) != diffusion:
                raise CatalogError("%s: %s is given for diffusion models "
                                   "only, and for each of them" % (where, c))
        if row["family"] != "text-encoder" and row["acts_m"] is None:
            raise CatalogError("%s: acts_m is required for a model that "
                               "trains on images" % where)
    if t == "cloud_instances":
        if row["as_of"] is None and "as_of unknown" not in (row["notes"] or ""):
            raise CatalogError("%s: as_of is empty and notes do not say "
                               "'as_of unknown' with the reason" % where)
        spot = row["spot_usd_per_hour"]
        if spot is not None and spot > row["usd_per_hour"]:
            raise CatalogError("%s: spot_usd_per_hour %g above usd_per_hour %g"
                               % (where, spot, row["usd_per_hour"]))


def load_catalog(cat, path):
    columns = cat["columns"]
    names = [c["name"] for c in columns]
    rows = []
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.reader(f)
        try:
            header = next(reader)
        except StopIteration:
            raise CatalogError("%s:1: empty file" % path)
        if header != names:
            raise CatalogError("%s:1: header must be %s, got %s"
                               % (path, ",".join(names), ",".join(header)))
        for fields in reader:
            where = "%s:%d" % (path, reader.line_num)
            if not fields or fields == [""]:
                continue
            if len(fields) != len(columns):
                raise CatalogError("%s: %d fields, expected %d"
                                   % (where, len(fields), len(columns)))
            row = {}
            for c, text in zip(columns, fields):
                if text.strip() != text:
                    raise CatalogError("%s: %s has leading or trailing space"
                                       % (where, c["name"]))
                if text == "":
                    if c["required"]:
                        raise CatalogError("%s: %s is required"
                                           % (where, c["name"]))
                    row[c["name"]] = None
                    continue
                if c["ctype"] == "TEXT":
                    value = text
                    if c["choices"] and value not in c["choices"]:
                        raise CatalogError("%s: %s must be one of %s, got %r"
                                           % (where, c["name"],
                                              ", ".join(sorted(c["choices"])),
                                              value))
                    if c["pattern"] and not c["pattern"].match(value):
                        raise CatalogError("%s: %s %r is not well-formed"
                                           % (where, c["name"], value))
                else:
                    try:
                        value = parse_number(text, c["ctype"])
                    except ValueError:
                        raise CatalogError("%s: %s must be %s, got %r"
                                           % (where, c["name"],
                                              c["ctype"].lower(), text))
                    if (c["lo"] is not None and value < c["lo"]) or \
                       (c["hi"] is not None and value > c["hi"]):
                        raise CatalogError("%s: %s %s outside the sane range "
                                           "%g..%g" % (where, c["name"], text,
                                                       c["lo"], c["hi"]))
                row[c["name"]] = value
            check_row_extra(cat, row, where)
            row["_where"] = where
            rows.append(row)
    if not rows:
        raise CatalogError("%s:2: no rows" % path)
    if cat["key"]:
        seen = {}
        for row in rows:
            k = row[cat["key"]]
            if k in seen:
                raise CatalogError("%s: duplicate %s %r (first at %s)"
                                   % (row["_where"], cat["key"], k, seen[k]))
            seen[k] = row["_where"]
    return rows


def check_aliases(tables):
    """Every alias names a row of its catalog, and no two names or aliases of
    one catalog fold to the same lookup key."""
    seen = {}
    for table in ("gpus", "models"):
        for row in tables[table]:
            seen[(table, fold(row["name"]))] = row["_where"]
    # the image models' names and Hugging Face ids, and the components
    # their pipelines name
    images = {r["name"] for r in tables["image_models"]}
    for row in tables["image_models"]:
        for k in filter(None, (row["name"], row["hf_id"])):
            if ("image_models", fold(k)) in seen:
                raise CatalogError("%s: duplicate name or hf_id %r (the same "
                                   "as %s)" % (row["_where"], k,
                                               seen[("image_models", fold(k))]))
            seen[("image_models", fold(k))] = row["_where"]
        for part in ([row["vae"]] if row["vae"] else []) + \
                (row["text_encoders"] or "").split():
            if part not in images:
                raise CatalogError("%s: unknown component %r (not in "
                                   "image_models.name)" % (row["_where"], part))
    for a in tables["aliases"]:
        names = {r["name"] for r in tables[a["catalog"]]}
        if a["name"] not in names:
            raise CatalogError("%s: unknown name %r (not in %s.name)"
                               % (a["_where"], a["name"], a["catalog"]))
        k = (a["catalog"], fold(a["alias"]))
        if k in seen:
            raise CatalogError("%s: duplicate alias %r (the same as %s, "
                               "ignoring case, spaces and underscores)"
                               % (a["_where"], a["alias"], seen[k]))
        seen[k] = a["_where"]


def lookup_keys(table, rows, aliases, alias_columns=()):
    """(folded key, row) for every name and alias of a catalog, sorted by
    the key's bytes."""
    row_of = {r["name"]: i for i, r in enumerate(rows)}
    keys = [(fold(r["name"]), i) for i, r in enumerate(rows)]
    keys += [(fold(a["alias"]), row_of[a["name"]])
             for a in aliases if a["catalog"] == table]
    for c in alias_columns:
        keys += [(fold(r[c]), i) for i, r in enumerate(rows) if r[c]]
    return sorted(keys, key=lambda k: k[0].encode("utf-8"))


def c_string(s):
    out = ['"']
    for ch in s.encode("utf-8"):
        if ch in (0x22, 0x5C):
            out.append("\\" + chr(ch))
        elif 0x20 <= ch < 0x7F and ch != 0x3F:  # '?' would risk trigraphs
            out.append(chr(ch))
        else:
            out.append("\\%03o" % ch)
    out.append('"')
    return "".join(out)


def c_cell(value, ctype):
    if value is None:
        return "{GPUADV_CELL_NULL, {0}}"
    if ctype == "TEXT":
        return "{GPUADV_CELL_TEXT, {.text = %s}}" % c_string(value)
    if ctype == "INTEGER":
        return "{GPUADV_CELL_INTEGER, {.integer = %dLL}}" % value
    return "{GPUADV_CELL_REAL, {.real = %s}}" % repr(float(value))


def schema_string(cat):
    return "CREATE TABLE x(%s)" % ", ".join(
        "%s %s%s" % (c["name"], c["ctype"],
                     " COLLATE " + c["collate"] if c["collate"] else "")
        for c in cat["columns"])


def generate(catalogs, aliases, out_c, out_h):
    h = ["/* Generated by catalogs/gen_catalog.py from the catalogs/ CSV files: "
         "do not edit. */",
         "#ifndef GPUADV_CATALOG_COLS_H", "#define GPUADV_CATALOG_COLS_H", ""]
    c = ["/* Generated by catalogs/gen_catalog.py from the catalogs/ CSV files: "
         "do not edit. */",
         '#include "gpuadv_catalog.h"', '#include "gpuadv_catalog_cols.h"', ""]
    for cat, rows in catalogs:
        up = cat["table"].upper()
        h.append("#define %s_SCHEMA %s" % (up, c_string(schema_string(cat))))
        for i, cl in enumerate(cat["columns"]):
            h.append("#define %s_COL_%s %d" % (up, cl["name"].upper(), i))
        h.append("#define %s_N_COLUMNS %d" % (up, len(cat["columns"])))
        h.append("")
        t = cat["table"]
        c.append("static const gpuadv_cell %s_cells[] = {" % t)
        for row in rows:
            c.append("  /* %s */" % row["_where"].replace("*/", "* /"))
            c.append("  " + ", ".join(c_cell(row[cl["name"]], cl["ctype"])
                                      for cl in cat["columns"]) + ",")
        c.append("};")
        idx_entries = []
        for name in cat["indexes"]:
            order = sorted(range(len(rows)),
                           key=lambda r: (rows[r][name] or "").encode("utf-8"))
            c.append("static const gpuadv_key %s_by_%s[] = {" % (t, name))
            for r in order:
                key = rows[r][name] or ""
                c.append("  {%s, %d, %d}," % (c_string(key),
                                              len(key.encode("utf-8")), r))
            c.append("};")
            ci = [cl["name"] for cl in cat["columns"]].index(name)
            idx_entries.append('{%d, %s_by_%s, "%s=?"}' % (ci, t, name, name))
        c.append("static const gpuadv_index %s_indexes[] = {%s};"
                 % (t, ", ".join(idx_entries)))
        lookup = "0, 0"
        if cat.get("lookup"):
            keys = lookup_keys(t, rows, aliases, cat.get("alias_columns", ()))
            c.append("/* Names and aliases, ASCII-lowercased, sorted. */")
            c.append("static const gpuadv_key %s_lookup[] = {" % t)
            for key, r in keys:
                c.append("  {%s, %d, %d}," % (c_string(key),
                                              len(key.encode("utf-8")), r))
            c.append("};")
            lookup = "%d, %s_lookup" % (len(keys), t)
        c.append("const gpuadv_catalog gpuadv_catalog_%s = {" % t)
        c.append("  %s_SCHEMA, %s," % (up, c_string(t)))
        c.append("  %d, %d, %s_cells, %d, %s_indexes, %s, %s" % (
            len(cat["columns"]), len(rows), t, len(cat["indexes"]), t,
            "1" if cat["key"] else "0", lookup))
        c.append("};")
        c.append("")
    h.append("#endif")
    for path, lines in ((out_c, c), (out_h, h)):
        write_lines(path, lines)


def dtypes_header(dtypes):
    """build/gpuadv_dtypes.h: the enum and the rows of gpuadv_dtypes[]."""
    h = ["/* Generated by catalogs/gen_catalog.py from catalogs/dtypes.csv: "
         "do not edit. */",
         "#ifndef GPUADV_DTYPES_H", "#define GPUADV_DTYPES_H", "",
         "/* Indices of gpuadv_dtypes[], in the order of dtypes.csv (the order",
         "** error messages list them). */",
         "enum gpuadv_dtype_id {"]
    h += ["  GPUADV_%s," % d["name"].upper() for d in dtypes]
    h += ["  GPUADV_N_DTYPES", "};", "",
          "/* The initialiser of gpuadv_dtypes[] (gpuadv_dtype, gpuadv_math.h):",
          "** name, bytes_per_param, why, compute, gguf, checkpoint_bytes,",
          "** head_bytes; each row placed by its id. */",
          "#define GPUADV_DTYPE_ROWS \\"]
    rows = ["  [GPUADV_%s] = {%s, %r, %s, GPUADV_COMPUTE_%s, %d, %r, %r},"
            % (d["name"].upper(), c_string(d["name"]), d["bytes_per_param"],
               c_string(d["why"]), d["compute"].upper(), d["gguf"],
               d["checkpoint_bytes"], d["head_bytes"]) for d in dtypes]
    h += [r + " \\" for r in rows[:-1]] + [rows[-1], "", "#endif"]
    return h


def write_lines(path, lines):
    d = os.path.dirname(path)
    if d:
        os.makedirs(d, exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--csv-dir", default="catalogs")
    ap.add_argument("--out-c", required=True)
    ap.add_argument("--out-h", required=True)
    ap.add_argument("--out-dtypes")
    opts = ap.parse_args()
    loaded = []
    try:
        dtypes = dtype_catalog.load(os.path.join(opts.csv_dir, "dtypes.csv"))
        DTYPES.update(d["name"] for d in dtypes)
        tables = {}
        for cat in CATALOGS:
            rows = load_catalog(cat, os.path.join(opts.csv_dir, cat["file"]))
            tables[cat["table"]] = rows
            loaded.append((cat, rows))
        for cat, rows in loaded:
            for column, (table, key) in cat.get("references", {}).items():
                known = {r[key] for r in tables[table]}
                for row in rows:
                    if row[column] is not None and row[column] not in known:
                        raise CatalogError("%s: unknown %s %r (not in %s.%s)"
                                           % (row["_where"], column,
                                              row[column], table, key))
        check_aliases(tables)
    except (CatalogError, dtype_catalog.DtypeError, OSError) as e:
        print(str(e), file=sys.stderr)
        return 1
    generate(loaded, tables["aliases"], opts.out_c, opts.out_h)
    if opts.out_dtypes:
        write_lines(opts.out_dtypes, dtypes_header(dtypes))
    for cat, rows in loaded:
        print("%s: %d rows" % (cat["table"], len(rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
