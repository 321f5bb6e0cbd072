#!/usr/bin/python3
"""Measure decode, prefill, copy bandwidth and matmul speed on this machine's
accelerator (CUDA, ROCm or CPU) with a random-weight Llama-style decoder, and
write the results as rows of gpuadv's measurements catalog.

    calibrate_gpu.py --model llama-3-8b --gpu h100-sxm --out h100.csv
    calibrate_gpu.py --layers 2 --hidden 64 --heads 4 --kv-heads 2 \\
        --vocab 256 --device cpu --batches 1,4 --contexts 16 --out tiny.csv

The model's shape comes from the gpuadv `models` catalog (through the
extension ./gpuadv, or --ext) or from --layers/--hidden/...; the weights are
random, nothing is downloaded. bench/gpu/README.md describes the method and
how bench/gpu/refit.py refits gpuadv's decode constants from the rows.

Works with PyTorch 1.13 to 2.x. Each timed figure is the median of --iters
runs after --warmup untimed ones; GPU runs are timed with CUDA events,
CPU runs with time.perf_counter.
"""
import argparse
import csv
import datetime
import math
import os
import platform
import sqlite3
import statistics
import subprocess
import sys
import time

import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# The header of catalogs/measurements.csv, column for column.
HEADER = ["id", "kind", "metric", "gpu", "gpu_count", "model", "params_b",
          "dtype", "kv_dtype", "framework", "batch", "prompt_tokens", "gen_tokens",
          "mode", "optimizer", "micro_batch", "seq_len", "grad_checkpointing",
          "lora_rank", "zero_stage", "engine", "engine_version", "tp", "pp",
          "ep", "concurrency", "scenario", "speculative", "value", "unit",
          "gpu_label",
          "model_label", "dtype_label", "source", "as_of", "notes",
          "repeat_of"]

DTYPES = {"bf16": torch.bfloat16, "fp16": torch.float16, "fp32": torch.float32}
SHAPE_KEYS = ("layers", "hidden", "intermediate", "heads", "kv_heads",
              "head_dim", "vocab")


# ------------------------------------------------------------------ shape

def load_extension(path):
    con = sqlite3.connect(":memory:")
    con.enable_load_extension(True)
    con.load_extension(path)
    return con


def catalog_model(con, name):
    row = con.execute(
        "SELECT layers, hidden, intermediate, heads, kv_heads, head_dim, "
        "vocab, params_b, attention, n_experts, linear_layers "
        "FROM models WHERE name = ?", (name,)).fetchone()
    if row is None:
        sys.exit("calibrate_gpu.py: no model %r in the models catalog" % name)
    shape = dict(zip(SHAPE_KEYS, row[:7]))
    params_b, attention, n_experts, linear_layers = row[7:]
    if attention == "mla" or n_experts or linear_layers:
        sys.exit("calibrate_gpu.py: %s is not a dense attention-only model "
                 "(MLA, MoE or linear layers); give its shape with "
                 "--layers/--hidden/... instead" % name)
    return shape, params_b


def check_gpu_slug(con, slug):
    if con is not None:
        ok = con.execute("SELECT 1 FROM gpus WHERE name = ?",
                         (slug,)).fetchone()
    else:
        path = os.path.join(ROOT, "catalogs", "gpus.csv")
        if not os.path.exists(path):
            return
        with open(path, newline="") as f:
            ok = any(r["name"] == slug for r in csv.DictReader(f))
    if not ok:
        sys.exit("calibrate_gpu.py: --gpu %r is not a gpus.name of the "
                 "catalog" % slug)


def param_count(s):
    """Parameters of the decoder built here (untied embedding and head)."""
    h, hd = s["hidden"], s["head_dim"]
    attn = h * s["heads"] * hd * 2 + h * s["kv_heads"] * hd * 2
    mlp = 3 * h * s["intermediate"]
    return s["layers"] * (attn + mlp + 2 * h) + h + 2 * s["vocab"] * h


def shape_label(s):
    return " ".join("%s=%d" % (k, s[k]) for k in SHAPE_KEYS)


# ------------------------------------------------------------------ model

class Decoder:
    """A Llama-style decoder with random weights: RMSNorm, rotary GQA
    attention, SwiGLU MLP, untied embedding and output head. Weights are
    stored (in, out) so that x @ W is the projection."""

    def __init__(self, s, dtype, device, seed=0):
        g = torch.Generator(device="cpu").manual_seed(seed)
        self.s, self.dtype, self.device = s, dtype, device
        h, hd, inter = s["hidden"], s["head_dim"], s["intermediate"]

        def w(*shape):
            t = torch.randn(*shape, generator=g) * (1.0 / math.sqrt(shape[0]))
            return t.to(device=device, dtype=dtype)

        self.embed = w(s["vocab"], h)
        self.layers = []
        for _ in range(s["layers"]):
            self.layers.append(dict(
                wq=w(h, s["heads"] * hd), wk=w(h, s["kv_heads"] * hd),
                wv=w(h, s["kv_heads"] * hd), wo=w(s["heads"] * hd, h),
                wg=w(h, inter), wu=w(h, inter), wd=w(inter, h),
                n1=torch.ones(h, device=device, dtype=dtype),
                n2=torch.ones(h, device=device, dtype=dtype)))
        self.norm = torch.ones(h, device=device, dtype=dtype)
        self.head = w(h, s["vocab"])

    def rope(self, positions):
        hd = self.s["head_dim"]
        inv = 1.0 / (500000.0 ** (torch.arange(0, hd, 2, dtype=torch.float32)
                                  / hd))
        ang = positions.float()[:, None] * inv[None, :]
        ang = torch.cat([ang, ang], dim=-1)
        return (ang.cos().to(self.device, self.dtype),
                ang.sin().to(self.device, self.dtype))

    @staticmethod
    def rmsnorm(x, weight, eps=1e-5):
        xf = x.float()
        xf = xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + eps)
        return xf.to(x.dtype) * weight

    @staticmethod
    def rotate(x, cos, sin):
        half = x.shape[-1] // 2
        rot = torch.cat([-x[..., half:], x[..., :half]], dim=-1)
        return x * cos + rot * sin

    def mlp(self, x, p):
        return (F.silu(x @ p["wg"]) * (x @ p["wu"])) @ p["wd"]

    # One decode step: b new tokens, each reading its sequence's KV cache of
    # caches[i][0].shape[2] positions; the new keys and values are written
    # into the last position.
    def decode_step(self, tokens, caches, cos, sin):
        s = self.s
        b, hd, kvh = tokens.shape[0], s["head_dim"], s["kv_heads"]
        grp = s["heads"] // kvh
        x = self.embed[tokens]                                 # (b, h)
        for p, (kc, vc) in zip(self.layers, caches):
            y = self.rmsnorm(x, p["n1"])
            q = (y @ p["wq"]).view(b, kvh, grp, hd)
            k = (y @ p["wk"]).view(b, kvh, hd)
            v = (y @ p["wv"]).view(b, kvh, hd)
            q = self.rotate(q, cos, sin)
            k = self.rotate(k, cos, sin)
            kc[:, :, -1] = k
            vc[:, :, -1] = v
            att = torch.matmul(q, kc.transpose(-1, -2)).float()
            att = torch.softmax(att * (1.0 / math.sqrt(hd)), dim=-1)
            o = torch.matmul(att.to(self.dtype), vc)           # (b,kvh,grp,hd)
            x = x + o.reshape(b, s["heads"] * hd) @ p["wo"]
            x = x + self.mlp(self.rmsnorm(x, p["n2"]), p)
        logits = self.rmsnorm(x, self.norm) @ self.head
        return logits.argmax(-1)

    def prefill(self, tokens, cos, sin, use_sdpa):
        s = self.s
        b, n = tokens.shape
        hd, kvh, heads = s["head_dim"], s["kv_heads"], s["heads"]
        grp = heads // kvh
        x = self.embed[tokens]                                 # (b, n, h)
        mask = None
        if not use_sdpa:
            mask = torch.full((n, n), float("-inf"), device=self.device
                              ).triu(1)
        for p in self.layers:
            y = self.rmsnorm(x, p["n1"])
            q = (y @ p["wq"]).view(b, n, heads, hd).transpose(1, 2)
            k = (y @ p["wk"]).view(b, n, kvh, hd).transpose(1, 2)
            v = (y @ p["wv"]).view(b, n, kvh, hd).transpose(1, 2)
            q = self.rotate(q, cos, sin)
            k = self.rotate(k, cos, sin)
            k = k[:, :, None].expand(b, kvh, grp, n, hd).reshape(b, heads, n, hd)
            v = v[:, :, None].expand(b, kvh, grp, n, hd).reshape(b, heads, n, hd)
            if use_sdpa:
                o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
            else:
                att = torch.matmul(q, k.transpose(-1, -2)).float()
                att = torch.softmax(att * (1.0 / math.sqrt(hd)) + mask, -1)
                o = torch.matmul(att.to(self.dtype), v)
            x = x + o.transpose(1, 2).reshape(b, n, heads * hd) @ p["wo"]
            x = x + self.mlp(self.rmsnorm(x, p["n2"]), p)
        logits = self.rmsnorm(x[:, -1], self.norm) @ self.head  # last token
        return logits.argmax(-1)


# ----------------------------------------------------------------- timing

class Timer:
    def __init__(self, device, iters, warmup):
        self.cuda = device.type == "cuda"
        self.iters, self.warmup = iters, warmup

    def sync(self):
        if self.cuda:
            torch.cuda.synchronize()

    def median_s(self, fn):
        """Median seconds of one call of fn, over self.iters calls."""
        for _ in range(self.warmup):
            fn()
        self.sync()
        times = []
        for _ in range(self.iters):
            if self.cuda:
                a = torch.cuda.Event(enable_timing=True)
                z = torch.cuda.Event(enable_timing=True)
                a.record()
                fn()
                z.record()
                z.synchronize()
                times.append(a.elapsed_time(z) / 1e3)
            else:
                t0 = time.perf_counter()
                fn()
                times.append(time.perf_counter() - t0)
        return statistics.median(times)


def graphed(fn, device):
    """fn replayed from a CUDA graph captured after three warm-up calls."""
    stream = torch.cuda.Stream(device=device)
    stream.wait_stream(torch.cuda.current_stream(device))
    with torch.cuda.stream(stream):
        for _ in range(3):
            fn()
    torch.cuda.current_stream(device).wait_stream(stream)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        fn()
    return graph.replay


def is_oom(e):
    return "out of memory" in str(e).lower()


# ---------------------------------------------------------------- measure

def measure_decode(model, batch, context, timer, use_graphs):
    s, dev, dt = model.s, model.device, model.dtype
    caches = []
    for _ in range(s["layers"]):
        shape = (batch, s["kv_heads"], context + 1, s["head_dim"])
        caches.append((torch.randn(shape, device=dev, dtype=dt),
                       torch.randn(shape, device=dev, dtype=dt)))
    cos, sin = model.rope(torch.tensor([context]))
    tokens = torch.randint(0, s["vocab"], (batch,), device=dev)

    def step():
        return model.decode_step(tokens, caches, cos[0], sin[0])
    with torch.no_grad():
        fn = graphed(step, dev) if use_graphs else step
        seconds = timer.median_s(fn)
    del caches
    return batch / seconds, seconds


def measure_prefill(model, n, timer, use_sdpa):
    s, dev = model.s, model.device
    cos, sin = model.rope(torch.arange(n))
    tokens = torch.randint(0, s["vocab"], (1, n), device=dev)
    with torch.no_grad():
        seconds = timer.median_s(lambda: model.prefill(tokens, cos, sin,
                                                       use_sdpa))
    return n / seconds, seconds


def measure_copy(nbytes, device, timer):
    n = nbytes // 4
    src = torch.rand(n, device=device)
    dst = torch.empty_like(src)
    seconds = timer.median_s(lambda: dst.copy_(src))
    return 2 * n * 4 / seconds / 1e9, seconds


def measure_matmul(sizes, dtype, device, timer):
    best = None
    for n in sizes:
        a = torch.randn(n, n, device=device).to(dtype)
        b = torch.randn(n, n, device=device).to(dtype)
        try:
            seconds = timer.median_s(lambda: torch.matmul(a, b))
        except RuntimeError as e:
            if not is_oom(e):
                raise
            print("matmul %d: out of memory, skipped" % n, file=sys.stderr)
            continue
        tflops = 2.0 * n ** 3 / seconds / 1e12
        if best is None or tflops > best[0]:
            best = (tflops, n, seconds)
        del a, b
    return best


# ------------------------------------------------------------------ rows

def git_commit():
    try:
        rev = subprocess.run(["git", "-C", HERE, "rev-parse", "--short=12",
                              "HEAD"], capture_output=True, text=True,
                             check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown commit (not a git checkout)"
    dirty = subprocess.run(["git", "-C", HERE, "diff", "--quiet", "HEAD",
                            "--", "."], capture_output=True).returncode
    return rev + (" with local changes to bench/gpu" if dirty else "")


def device_name(device):
    if device.type == "cuda":
        name = torch.cuda.get_device_name(device)
        backend = "ROCm %s" % torch.version.hip if getattr(
            torch.version, "hip", None) else "CUDA %s" % torch.version.cuda
        return "%s (%s)" % (name, backend)
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return "CPU %s, %d torch threads" % (cpu, torch.get_num_threads())


def parse_list(text):
    return [int(x) for x in text.split(",") if x.strip()]


def main():
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", help="models.name of the gpuadv catalog")
    for k in SHAPE_KEYS:
        ap.add_argument("--" + k.replace("_", "-"), type=int,
                        help="shape, instead of --model")
    ap.add_argument("--gpu", help="gpus.name of the measured GPU (empty "
                    "when the catalog has none)")
    ap.add_argument("--gpu-label", help="the GPU's name in the rows "
                    "(default: the name torch reports)")
    ap.add_argument("--ext", default=os.path.join(ROOT, "gpuadv"),
                    help="the gpuadv extension (default: the checkout's "
                    "./gpuadv)")
    ap.add_argument("--device", default="auto", help="cuda, cuda:N, cpu "
                    "(default: cuda when available)")
    ap.add_argument("--dtype", choices=sorted(DTYPES),
                    help="default bf16 on GPU (fp16 if bf16 is unsupported), "
                    "fp32 on CPU")
    ap.add_argument("--batches", default="1,4,16,64")
    ap.add_argument("--contexts", default="128,1024,4096",
                    help="tokens in each sequence's KV cache")
    ap.add_argument("--prompts", default="512,2048",
                    help="prompt lengths of the prefill runs ('' for none)")
    ap.add_argument("--iters", type=int, default=20)
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--cuda-graphs", action="store_true",
                    help="replay the decode step from a CUDA graph")
    ap.add_argument("--copy-mb", type=int, default=None,
                    help="size of the copied buffer (default 1024 on GPU, "
                    "256 on CPU)")
    ap.add_argument("--matmul-sizes", default=None,
                    help="square matmul sizes (default 4096,8192,16384 on "
                    "GPU, 256,512,1024 on CPU)")
    ap.add_argument("--no-hw", action="store_true",
                    help="skip the copy and matmul measurements")
    ap.add_argument("--id-prefix", default="U",
                    help="one capital letter before the row numbers")
    ap.add_argument("--id-start", type=int, default=1)
    ap.add_argument("--threads", type=int, help="torch CPU threads")
    ap.add_argument("--out", help="CSV file (default: stdout)")
    ap.add_argument("--shape-only", action="store_true",
                    help="print the model's shape and parameter count, "
                    "measure nothing")
    opts = ap.parse_args()

    if not (len(opts.id_prefix) == 1 and opts.id_prefix.isupper()):
        ap.error("--id-prefix must be one capital letter")
    if opts.threads:
        torch.set_num_threads(opts.threads)
    con = None
    try:
        con = load_extension(opts.ext)
    except (sqlite3.OperationalError, AttributeError) as e:
        if opts.model:
            sys.exit("calibrate_gpu.py: cannot load the gpuadv extension "
                     "%s (%s); build it with `make` or give the shape with "
                     "--layers/--hidden/..." % (opts.ext, e))
    params_b = None
    if opts.model:
        shape, params_b = catalog_model(con, opts.model)
        changed = [k for k in SHAPE_KEYS if getattr(opts, k) is not None]
        for k in changed:
            shape[k] = getattr(opts, k)
        if changed:  # no longer the catalog model: rows name no model
            print("calibrate_gpu.py: %s with %s changed; the rows name no "
                  "model" % (opts.model, ", ".join(changed)), file=sys.stderr)
            opts.model, params_b = None, None
    else:
        missing = [k for k in ("layers", "hidden", "heads", "vocab")
                   if getattr(opts, k) is None]
        if missing:
            ap.error("give --model or the shape (missing: %s)"
                     % ", ".join("--" + m.replace("_", "-") for m in missing))
        shape = {k: getattr(opts, k) for k in SHAPE_KEYS}
        shape["kv_heads"] = shape["kv_heads"] or shape["heads"]
        shape["head_dim"] = shape["head_dim"] or shape["hidden"] // shape["heads"]
        shape["intermediate"] = shape["intermediate"] or \
            int(round(8 * shape["hidden"] / 3))
    if shape["heads"] % shape["kv_heads"] or shape["head_dim"] % 2:
        ap.error("heads must be a multiple of kv_heads, head_dim even")
    if opts.gpu:
        check_gpu_slug(con, opts.gpu)
    if opts.shape_only:
        print(shape_label(shape) + " params=%d" % param_count(shape))
        return 0

    if opts.device == "auto":
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    else:
        device = torch.device(opts.device)
    on_gpu = device.type == "cuda"
    dname = opts.dtype or ("fp32" if not on_gpu else
                           "bf16" if torch.cuda.is_bf16_supported() else "fp16")
    dtype = DTYPES[dname]
    use_graphs = opts.cuda_graphs and on_gpu and hasattr(torch.cuda,
                                                         "CUDAGraph")
    if opts.cuda_graphs and not use_graphs:
        print("calibrate_gpu.py: CUDA graphs unavailable here; eager decode",
              file=sys.stderr)
    use_sdpa = hasattr(F, "scaled_dot_product_attention")
    timer = Timer(device, opts.iters, opts.warmup)

    today = datetime.date.today().isoformat()
    label = opts.gpu_label or device_name(device)
    commit = git_commit()
    source = "gpuadv bench/gpu/calibrate_gpu.py @%s, run %s" % (commit, today)
    nparams = param_count(shape)
    esize = torch.tensor([], dtype=dtype).element_size()
    weights_read = (nparams - shape["vocab"] * shape["hidden"]) * esize
    model_label = ("%s: " % opts.model if opts.model else "") + \
        shape_label(shape) + ", random weights"
    common = "PyTorch %s on %s; %s; %d parameters built (untied embedding)" \
        % (torch.__version__, device_name(device), shape_label(shape), nparams)
    rows = []

    def add(kind, metric, value, unit, batch="", prompt="", gen="",
            framework="", notes="", dt=dname, dlabel=str(dtype)):
        rows.append(dict(
            id="%s%04d" % (opts.id_prefix, opts.id_start + len(rows)),
            kind=kind, metric=metric, gpu=opts.gpu or "", gpu_count=1,
            model=opts.model if kind != "hw" else "",
            params_b=params_b if (params_b and kind != "hw") else "",
            dtype=dt, framework=framework, batch=batch,
            prompt_tokens=prompt, gen_tokens=gen,
            engine="pytorch" if kind != "hw" else "",
            engine_version=torch.__version__ if kind != "hw" else "",
            tp=1 if kind != "hw" else "", pp=1 if kind != "hw" else "",
            scenario=("" if kind == "hw" else
                      "single-stream" if batch in ("", 1) else "offline"),
            speculative="no" if kind != "hw" else "",
            value="%.6g" % value,
            unit=unit, gpu_label=label,
            model_label=model_label if kind != "hw" else "",
            dtype_label=dlabel, source=source, as_of=today,
            notes=notes + "; " + common))

    model = Decoder(shape, dtype, device)
    fw = "bench/gpu/calibrate_gpu.py (PyTorch %s, random weights, %s)" % (
        torch.__version__, "CUDA graphs" if use_graphs else "eager")
    for ctx in parse_list(opts.contexts):
        for b in parse_list(opts.batches):
            try:
                tps, sec = measure_decode(model, b, ctx, timer, use_graphs)
            except RuntimeError as e:
                if not is_oom(e):
                    raise
                print("decode batch %d context %d: out of memory, skipped"
                      % (b, ctx), file=sys.stderr)
                if on_gpu:
                    torch.cuda.empty_cache()
                continue
            kv_bytes = 2 * shape["layers"] * b * shape["kv_heads"] * \
                shape["head_dim"] * (ctx + 1) * esize
            notes = ("decode step of %d sequences over a KV cache of %d "
                     "tokens each (prompt_tokens) plus the new one; median "
                     "of %d steps after %d warm-up; step %.6g s; reads %d "
                     "weight bytes (all but the embedding) and %d KV bytes"
                     % (b, ctx, opts.iters, opts.warmup, sec, weights_read,
                        kv_bytes))
            if b == 1:
                add("decode", "decode_tps_per_stream", tps, "tokens/s", b,
                    ctx, framework=fw, notes=notes)
            else:
                add("aggregate", "decode_tps_aggregate", tps, "tokens/s", b,
                    ctx, framework=fw, notes=notes + "; decode steps only, "
                    "no prefill time (gen_tokens empty)")
            print("decode batch %d context %d: %.4g tokens/s" % (b, ctx, tps),
                  file=sys.stderr)
    attn = "scaled_dot_product_attention" if use_sdpa else \
        "explicit causal softmax"
    for n in parse_list(opts.prompts):
        try:
            tps, sec = measure_prefill(model, n, timer, use_sdpa)
        except RuntimeError as e:
            if not is_oom(e):
                raise
            print("prefill %d: out of memory, skipped" % n, file=sys.stderr)
            continue
        add("prefill", "prefill_tps", tps, "tokens/s", 1, n, 0,
            framework="bench/gpu/calibrate_gpu.py (PyTorch %s, random "
            "weights, eager, %s)" % (torch.__version__, attn),
            notes="one %d-token prompt, causal attention (%s), logits of the "
            "last token only; median of %d runs after %d warm-up; %.6g s"
            % (n, attn, opts.iters, opts.warmup, sec))
        print("prefill %d: %.4g tokens/s" % (n, tps), file=sys.stderr)
    del model

    if not opts.no_hw:
        mb = opts.copy_mb or (1024 if on_gpu else 256)
        gbs, sec = measure_copy(mb * 2 ** 20, device, timer)
        add("hw", "memory_bandwidth_copy", gbs, "GB/s",
            framework="bench/gpu/calibrate_gpu.py (PyTorch dst.copy_(src), "
            "bytes counted x2 = read+write)",
            notes="fp32 buffer of %d MiB copied device to device; median of "
            "%d after %d warm-up; %.6g s" % (mb, opts.iters, opts.warmup,
                                             sec),
            dt="fp32", dlabel="torch.float32")
        print("copy: %.4g GB/s" % gbs, file=sys.stderr)
        sizes = parse_list(opts.matmul_sizes or (
            "4096,8192,16384" if on_gpu else "256,512,1024"))
        best = measure_matmul(sizes, dtype, device, timer)
        if best:
            add("hw", "matmul_tflops_achieved", best[0], "TFLOP/s",
                framework="bench/gpu/calibrate_gpu.py (PyTorch torch.matmul, "
                "square)",
                notes="best of square sizes %s: n = %d, 2n^3 FLOP in %.6g s "
                "(median of %d after %d warm-up)"
                % ("/".join(map(str, sizes)), best[1], best[2], opts.iters,
                   opts.warmup))
            print("matmul: %.4g TFLOP/s (n = %d)" % (best[0], best[1]),
                  file=sys.stderr)

    out = open(opts.out, "w", newline="") if opts.out else sys.stdout
    w = csv.DictWriter(out, fieldnames=HEADER, lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow(r)
    if opts.out:
        out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
