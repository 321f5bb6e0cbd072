"""bench/pyfuncs.py: the Python side of `make bench`.

1. The gpuadv formulas as Python UDFs (py_<name>), registered with
   sqlite3.create_function: the same arguments as the gpuadv functions, the
   same arithmetic in the same order (so the sums match gpuadv's), no checks.
   model_weights_gb looks the model up in a dict read once from the
   catalog. The speed and cache model of model_kv_gb, model_decode_tps and
   model_prefill_tps has no Python form here (bench/bench.py says why).

2. The seed document's three estimators (seeds/000: model_memory_estimate,
   inference_throughput_estimate, cost_per_1m_tokens), written here afresh
   from the formulas the seed gives, with the same shape the seed uses
   (enums, a dataclass, dicts with rounded figures and a note string), since
   what is measured is the cost of answering one scenario that way.
"""

import math
import os
import sys
from dataclasses import dataclass
from enum import Enum

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "catalogs"))
import dtype_catalog  # noqa: E402 (catalogs/dtypes.csv)

# ---------------------------------------------------------------------------
# 1. gpuadv formulas as Python UDFs

# name: (bytes per parameter, matmul class, gguf), from catalogs/dtypes.csv
DTYPES = {d["name"]: (d["bytes_per_param"], d["compute"], d["gguf"])
          for d in dtype_catalog.load()}
LORA_F = 0.01


def _train_bytes(f):
    return {
        "full": (2.0, 4.0, 12.0),
        "full16": (2.0, 2.0, 12.0),
        "lora": (2.0 + f * 4.0, f * 4.0, f * 8.0),
        "qlora": (0.5 + 0.127 / 8.0 + f * 4.0, f * 4.0, f * 8.0),
        "inference": (2.0, 0.0, 0.0),
    }


TRAIN_BYTES = _train_bytes(LORA_F)


def _opt(args, i, dflt):
    return args[i] if len(args) > i and args[i] is not None else dflt


def register_udfs(con):
    """Register py_<name> for every benchmarked function on con (which must
    have gpuadv loaded: the catalogs are read from it)."""
    def rows(table):
        cur = con.execute(f"SELECT * FROM {table}")
        cols = [d[0] for d in cur.description]
        out = {}
        for r in cur:
            d = {c: (v if v is not None else 0.0) for c, v in zip(cols, r)}
            out[d["name"]] = d
        return out
    models = rows("models")

    def bytes_per_param(d):
        return DTYPES[d][0]

    def weights_gb(p, d):
        return p * DTYPES[d][0]

    def train_mem_gb(p, mode, *a, f=LORA_F):
        n, z, act = _opt(a, 0, 1.0), _opt(a, 1, 0), _opt(a, 2, 0.0)
        w, g, o = _train_bytes(f)[mode]
        if z >= 1:
            o /= n
        if z >= 2:
            g /= n
        if z >= 3:
            w /= n
        return p * (w + g + o) + act

    def train_peak_gb(p, mode, layers, h, heads, s, b, *a):
        n, z = _opt(a, 0, 1.0), _opt(a, 1, 0)
        rc, vocab, ce = _opt(a, 2, "selective"), _opt(a, 3, 0.0), _opt(a, 4, 1.0)
        inter = _opt(a, 5, 0.0) or 8.0 * h / 3.0
        rank = _opt(a, 6, 0)
        f = rank * layers * (11.0 * h + 3.0 * inter) / (p * 1e9) if rank \
            else LORA_F
        stored = 0.5 + 0.127 / 8.0 if mode == "qlora" else 2.0
        gathered = (2.0 * stored * max(p - 2.0 * vocab * h / 1e9, 0.0)
                    / layers if z >= 3 and n > 1 else 0.0)
        sbh = float(s) * b * h
        adapter = mode in ("lora", "qlora")
        bf16 = mode in ("full16", "inference")
        layer = ((28.0 if adapter else 34.0)
                 + (0.0 if bf16 else 8.0 * inter / h + 4.0 * heads / h)
                 + (5.0 * heads * s / h if rc == "none" else 0.0))
        ckpt = rc == "full"
        act = layers * ((4.0 if mode == "full" else 2.0) if ckpt else layer) \
            * sbh / 1e9
        rebuilt = layer * sbh / 1e9 if ckpt else 0.0
        head = 10.0 if mode == "full" else 4.0 if adapter else 0.0
        loss = (head * sbh + float(s) * b * vocab * (2.0 + 12.52 / ce)) / 1e9
        if mode != "full":
            return (train_mem_gb(p, mode, n, z, 0.0, f=f) + gathered + act
                    + loss + rebuilt)
        z1, z2, z3 = (n if z >= k else 1.0 for k in (1, 2, 3))
        resident = p * (4.0 / z3 + 8.0 / z1)
        step = resident + p * (4.0 / z2 + 4.0 / z1)
        casts = 2.0 * max(p - vocab * h / 1e9, 0.0) / z3
        if ckpt:
            rebuilt += casts / layers
        return max(step, resident + casts + gathered + act
                   + max(loss, rebuilt))

    def kv_cache_gb(layers, kvh, hd, seq, *a):
        batch = _opt(a, 0, 1.0)
        bpp = DTYPES[_opt(a, 1, "fp16")][0]
        return 2.0 * layers * kvh * hd * seq * batch * bpp / 1e9

    def activation_gb(layers, h, heads, s, b, rc="selective"):
        sbh = float(s) * b * h
        if rc == "none":
            per = sbh * (34.0 + 5.0 * heads * s / h)
        elif rc == "full":
            per = 2.0 * sbh
        else:
            per = 34.0 * sbh
        return layers * per / 1e9

    def decode_tps(bw, w, *a):
        batch, eff = _opt(a, 0, 1.0), _opt(a, 1, 0.6337)
        kv, tf, ap = _opt(a, 2, 0.0), _opt(a, 3, 0.0), _opt(a, 4, 0.0)
        step = (w + kv) / (bw * eff)
        if tf > 0.0 and ap > 0.0:
            c = 2.0 * ap * 1e9 * batch / (tf * 1e12 * 0.76)
            if c > step:
                step = c
        return batch / step

    def prefill_tps(tf, ap, mfu=0.5869):
        return tf * 1e12 * mfu / (2.0 * ap * 1e9)

    def cost_per_mtok(usd, tps, util=1.0):
        return usd * 1e6 / (3600.0 * tps * util)

    def nodes_required(total, per, headroom=0.0):
        q = total / (per * (1.0 - headroom))
        whole = math.floor(q)
        return int(whole if q - whole <= q * 1e-9 else math.ceil(q))

    def train_gpu_hours(p, tok, tf, mfu=1.0):
        return 6.0 * p * 1e9 * tok * 1e9 / (tf * 1e12 * mfu) / 3600.0

    def owned_usd_per_hour(capex, years, watts=0.0, kwh=0.12, pue=1.0):
        return capex / (years * 8760.0) + watts / 1000.0 * kwh * pue

    def egress_usd(ds, runs, usd=0.09):
        return float(ds) * runs * usd

    def break_even_hours(capex, rent, owned=0.0):
        return capex / (rent - owned)

    def ridge_point(tf, bw):
        return tf * 1e12 / (bw * 1e9)

    def max_batch(mem, w, kv, headroom=0.0):
        free = mem * (1.0 - headroom) - w
        if free <= 0.0:
            return 0
        q = free / kv
        return int(math.ceil(q) if math.ceil(q) - q <= q * 1e-9 else math.floor(q))

    def model_weights_gb(name, d):
        return models[name]["params_b"] * DTYPES[d][0]

    for f in (bytes_per_param, weights_gb, train_mem_gb, train_peak_gb, kv_cache_gb,
              activation_gb, decode_tps, prefill_tps, cost_per_mtok,
              nodes_required, train_gpu_hours, owned_usd_per_hour, egress_usd,
              break_even_hours, ridge_point, max_batch, model_weights_gb):
        con.create_function("py_" + f.__name__, -1, f, deterministic=True)


# ---------------------------------------------------------------------------
# 2. The seed document's estimators, rewritten

class Precision(Enum):
    FP32 = "fp32"
    FP16 = "fp16"
    BF16 = "bf16"
    INT8 = "int8"
    INT4 = "int4"
    FP8 = "fp8"


class Optimizer(Enum):
    NONE = "none"
    SGD = "sgd"
    ADAM = "adam"
    ADAMW = "adamw"
    QLORA = "qlora"


SEED_BYTES = {Precision.FP32: 4, Precision.FP16: 2, Precision.BF16: 2,
              Precision.INT8: 1, Precision.INT4: 0.5, Precision.FP8: 1}
GIB = float(1 << 30)


@dataclass
class MemoryEstimate:
    weights_gb: float
    gradients_gb: float
    optimizer_states_gb: float
    activations_gb: float
    total_gb: float
    note: str


def model_memory_estimate(n_params, precision=Precision.BF16,
                          optimizer=Optimizer.ADAMW, activation_multiplier=2.0,
                          adapter_fraction=0.01):
    """Weights, fp32 gradients, optimizer state and activations, in GiB."""
    w = n_params * SEED_BYTES[precision]
    if optimizer is Optimizer.NONE:
        grads = opt = 0.0
        acts = 0.2 * w
    else:
        if optimizer is Optimizer.QLORA:
            grads = 4 * adapter_fraction * n_params
            opt = 12 * int(adapter_fraction * n_params)
        elif optimizer is Optimizer.SGD:
            grads, opt = 4 * n_params, 4 * n_params
        else:  # Adam, AdamW: fp32 master copy + m + v
            grads, opt = 4 * n_params, 12 * n_params
        acts = activation_multiplier * w
    if optimizer is Optimizer.QLORA:
        note = (f"QLoRA: {precision.value} base + adapter "
                f"({adapter_fraction * 100:.1f}% of params)")
    elif optimizer is Optimizer.NONE:
        note = f"Inference only: {precision.value} weights + KV cache estimate"
    else:
        note = (f"Mixed precision training: {precision.value} weights + FP32 "
                f"gradients + FP32 {optimizer.value} states")
    return MemoryEstimate(w / GIB, grads / GIB, opt / GIB, acts / GIB,
                          (w + grads + opt + acts) / GIB, note)


def inference_throughput_estimate(bandwidth_tbs, model_size_gb, batch_size=1,
                                  efficiency=0.7):
    """Memory-bound decode: one full weight read per step of batch tokens."""
    load_s = model_size_gb * 1e9 / (bandwidth_tbs * 1e12 * efficiency)
    return {
        "bandwidth_tbs": bandwidth_tbs,
        "model_size_gb": model_size_gb,
        "batch_size": batch_size,
        "tokens_per_sec": round(batch_size / load_s, 1),
        "latency_per_token_ms": round(load_s / batch_size * 1000, 2),
        "note": (f"Memory-bandwidth-bound estimate at batch={batch_size}, "
                 f"{efficiency * 100:.0f}% bandwidth efficiency."),
    }


def cost_per_1m_tokens(hardware_cost_usd, utilization,
                       throughput_tokens_per_sec, hardware_lifetime_years=3.0,
                       power_cost_per_kwh=0.12, gpu_tdp_watts=400, num_gpus=1):
    """Amortised hardware plus electricity per million tokens served."""
    year_s = 365 * 24 * 3600
    hw_per_s = hardware_cost_usd / (hardware_lifetime_years * year_s)
    power_per_s = gpu_tdp_watts * num_gpus / (1000 * 3600) * power_cost_per_kwh
    eff_tps = throughput_tokens_per_sec * utilization
    if eff_tps <= 0:
        return {"error": "zero effective throughput"}
    return {
        "hardware_cost_usd": hardware_cost_usd,
        "utilization_pct": utilization * 100,
        "throughput_tokens_per_sec": throughput_tokens_per_sec,
        "effective_throughput": round(eff_tps, 1),
        "hardware_cost_per_1m_tokens": round(hw_per_s / eff_tps * 1e6, 4),
        "power_cost_per_1m_tokens": round(power_per_s / eff_tps * 1e6, 4),
        "total_cost_per_1m_tokens_usd": round((hw_per_s + power_per_s) / eff_tps * 1e6, 4),
        "annual_capacity_billions": round(eff_tps * year_s / 1e9, 1),
    }


def seed_scenarios(n):
    """The scenarios of the gpuadv 'seed_scenario' query, answered in a
    Python loop with the seed's estimators. Returns a checksum."""
    acc = 0.0
    for i in range(1, n + 1):
        p = i % 1000 + 1
        bw = i % 3000 + 500
        batch = i % 64 + 1
        capex = i % 40000 + 1000
        mem = model_memory_estimate(p * 1e9, Precision.BF16, Optimizer.ADAMW)
        thr = inference_throughput_estimate(bw / 1000.0, p * 2.0, batch, 0.7)
        cost = cost_per_1m_tokens(capex, 0.7, thr["tokens_per_sec"], 3.0, 0.12,
                                  400, 1)
        acc += (mem.total_gb + thr["tokens_per_sec"]
                + cost["total_cost_per_1m_tokens_usd"])
    return acc
