#!/usr/bin/python3
"""Peak memory of one training step of a Llama-shaped model, trained the way
the Hugging Face Trainer does it today, measured on CUDA or counted on CPU.

    train_memory.py --hidden 512 --layers 4 --seq 512 --mode full
    train_memory.py --hidden 512 --layers 4 --seq 512 --mode lora --rank 16 \\
        --checkpointing --out runs.csv

Modes (bench/gpu/README.md, "Training peak memory", says what each keeps):
  full  fp32 parameters, forward under torch.autocast(bfloat16), AdamW with
        fp32 exp_avg and exp_avg_sq, foreach (the Trainer's bf16=True);
  lora  frozen bf16 base (every weight, norms and embeddings included),
        fp32 adapters of rank --rank on q, k, v, o, gate, up, down (PEFT's
        Linear: base output + B(A(x cast to fp32)) x alpha / r, dropout 0),
        the same autocast and AdamW on the adapters only.
--checkpointing wraps each decoder layer in torch.utils.checkpoint
(use_reentrant=True, as transformers' gradient_checkpointing_enable):
each layer's input is kept and the layer is recomputed in backward.

The step is the Trainer's: forward with the loss (logits.float(), cross
entropy over the shifted labels) inside autocast, backward outside it,
optimizer.step(), zero_grad(set_to_none=True); --steps of them (default 2,
so that the second runs with the optimizer state allocated). The peak is
the largest over all steps.

Counting. On CUDA: torch.cuda.max_memory_allocated (reset at each phase),
memory_allocated at the phase boundaries. On CPU: every allocation and free
of the CPU allocator during the steps, as recorded by the PyTorch profiler
(profile_memory=True; the raw '[memory]' records, each with its byte count
and time), summed over time on top of the bytes of the tensors alive when
counting starts (parameters, buffers, gradients, optimizer state, inputs,
rotary tables, each storage once). That is the bytes of live tensor
storage: the CUDA caching allocator's rounding to 512-byte blocks and
2 MiB segments, its fragmentation and cached free blocks, and the CUDA
context are not in it. The count is checked: the same sum of live tensors
taken at the end must equal the running count (closure_bytes, printed).
"""
import argparse
import csv
import math
import os
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.utils.checkpoint

HAS_SDPA = hasattr(F, "scaled_dot_product_attention")

FIELDS = ["mode", "checkpointing", "lora_rank", "hidden", "layers", "heads",
          "kv_heads", "head_dim", "intermediate", "vocab", "seq", "batch",
          "params", "trainable_params", "lora_params", "attention",
          "optimizer", "device", "torch", "counting", "steps",
          "state_bytes", "end_forward_bytes", "peak_forward_bytes",
          "peak_backward_bytes", "peak_optimizer_bytes", "peak_bytes",
          "end_backward_bytes", "peak_phase", "peak_step", "peak_op",
          "forward_peak_op", "backward_peak_op",
          "closure_bytes", "seconds"]
# Operators that only allocate: the peak is named after their caller.
ALLOC_OPS = {"aten::empty", "aten::empty_strided", "aten::empty_like",
             "aten::new_empty", "aten::new_empty_strided", "aten::resize_",
             "aten::zeros", "aten::zeros_like", "aten::new_zeros"}


# ----------------------------------------------------------------- model

def autocast_dtype():
    """The dtype autocast casts to now, or None outside autocast."""
    if torch.is_autocast_enabled():
        return torch.get_autocast_gpu_dtype()
    if torch.is_autocast_cpu_enabled():
        return torch.get_autocast_cpu_dtype()
    return None


class FlashLikeAttention(torch.autograd.Function):
    """Causal attention that keeps, like flash attention, only q, k, v, the
    output and the fp32 log-sum-exp per query for backward, and computes
    scores a block of queries at a time (forward and backward). Used where
    torch has no scaled_dot_product_attention (1.13). Gradients are exact."""

    BLOCK = 128

    @staticmethod
    def forward(ctx, q, k, v):
        b, a, s, d = q.shape
        scale = 1.0 / math.sqrt(d)
        out = torch.empty_like(q)
        lse = torch.empty(b, a, s, dtype=torch.float32, device=q.device)
        for i in range(0, s, FlashLikeAttention.BLOCK):
            j = min(s, i + FlashLikeAttention.BLOCK)
            sc = torch.matmul(q[:, :, i:j].float(),
                              k[:, :, :j].float().transpose(-1, -2)) * scale
            mask = torch.ones(j - i, j, dtype=torch.bool,
                              device=q.device).triu(i + 1)
            sc.masked_fill_(mask, float("-inf"))
            m = torch.logsumexp(sc, -1)
            lse[:, :, i:j] = m
            p = torch.exp(sc - m[..., None])
            out[:, :, i:j] = torch.matmul(p, v[:, :, :j].float()).to(q.dtype)
            del sc, p, mask
        ctx.save_for_backward(q, k, v, out, lse)
        return out

    @staticmethod
    def backward(ctx, dout):
        q, k, v, out, lse = ctx.saved_tensors
        b, a, s, d = q.shape
        scale = 1.0 / math.sqrt(d)
        dq = torch.zeros(q.shape, dtype=torch.float32, device=q.device)
        dk = torch.zeros(k.shape, dtype=torch.float32, device=q.device)
        dv = torch.zeros(v.shape, dtype=torch.float32, device=q.device)
        for i in range(0, s, FlashLikeAttention.BLOCK):
            j = min(s, i + FlashLikeAttention.BLOCK)
            qi = q[:, :, i:j].float()
            kj, vj = k[:, :, :j].float(), v[:, :, :j].float()
            doi = dout[:, :, i:j].float()
            sc = torch.matmul(qi, kj.transpose(-1, -2)) * scale
            mask = torch.ones(j - i, j, dtype=torch.bool,
                              device=q.device).triu(i + 1)
            sc.masked_fill_(mask, float("-inf"))
            p = torch.exp(sc - lse[:, :, i:j, None])
            del sc
            dv[:, :, :j] += torch.matmul(p.transpose(-1, -2), doi)
            dp = torch.matmul(doi, vj.transpose(-1, -2))
            delta = (doi * out[:, :, i:j].float()).sum(-1, keepdim=True)
            ds = p * (dp - delta) * scale
            del p, dp
            dq[:, :, i:j] = torch.matmul(ds, kj)
            dk[:, :, :j] += torch.matmul(ds.transpose(-1, -2), qi)
            del ds, qi, kj, vj, doi, mask
        return dq.to(q.dtype), dk.to(k.dtype), dv.to(v.dtype)


def attention(q, k, v):
    if HAS_SDPA:
        return F.scaled_dot_product_attention(q, k, v, is_causal=True)
    dt = autocast_dtype()
    if dt is not None:  # SDPA is an autocast lower-precision op
        q, k, v = q.to(dt), k.to(dt), v.to(dt)
    return FlashLikeAttention.apply(q, k, v)


class RMSNorm(nn.Module):
    """transformers' LlamaRMSNorm."""

    def __init__(self, h, dtype):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(h, dtype=dtype))

    def forward(self, x):
        dt = x.dtype
        x = x.to(torch.float32)
        var = x.pow(2).mean(-1, keepdim=True)
        x = x * torch.rsqrt(var + 1e-5)
        return self.weight * x.to(dt)


class LoraLinear(nn.Module):
    """A frozen base linear with PEFT's LoRA adapter (dropout 0)."""

    def __init__(self, fin, fout, rank, dtype, alpha=16):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(fout, fin, dtype=dtype),
                                   requires_grad=False)
        nn.init.normal_(self.weight, std=0.02)
        self.rank = rank
        if rank:
            self.lora_A = nn.Parameter(torch.empty(rank, fin))
            self.lora_B = nn.Parameter(torch.zeros(fout, rank))
            nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))
            self.scaling = alpha / rank

    def forward(self, x):
        result = F.linear(x, self.weight)
        if not self.rank:
            return result
        dt = result.dtype
        x = x.to(self.lora_A.dtype)
        result = result + F.linear(F.linear(x, self.lora_A),
                                   self.lora_B) * self.scaling
        return result.to(dt)


class Layer(nn.Module):
    def __init__(self, c, dtype, rank):
        super().__init__()
        h, hd = c.hidden, c.head_dim
        self.c = c
        self.n1, self.n2 = RMSNorm(h, dtype), RMSNorm(h, dtype)

        def lin(i, o):
            return LoraLinear(i, o, rank, dtype)
        self.q, self.k = lin(h, c.heads * hd), lin(h, c.kv_heads * hd)
        self.v, self.o = lin(h, c.kv_heads * hd), lin(c.heads * hd, h)
        self.gate, self.up = lin(h, c.intermediate), lin(h, c.intermediate)
        self.down = lin(c.intermediate, h)

    @staticmethod
    def rotate_half(x):
        half = x.shape[-1] // 2
        return torch.cat((-x[..., half:], x[..., :half]), dim=-1)

    def forward(self, x, cos, sin):
        c = self.c
        b, s, _ = x.shape
        y = self.n1(x)
        q = self.q(y).view(b, s, c.heads, c.head_dim).transpose(1, 2)
        k = self.k(y).view(b, s, c.kv_heads, c.head_dim).transpose(1, 2)
        v = self.v(y).view(b, s, c.kv_heads, c.head_dim).transpose(1, 2)
        q = q * cos + self.rotate_half(q) * sin
        k = k * cos + self.rotate_half(k) * sin
        g = c.heads // c.kv_heads
        if g > 1:  # transformers' repeat_kv
            k = k[:, :, None].expand(b, c.kv_heads, g, s, c.head_dim
                                     ).reshape(b, c.heads, s, c.head_dim)
            v = v[:, :, None].expand(b, c.kv_heads, g, s, c.head_dim
                                     ).reshape(b, c.heads, s, c.head_dim)
        a = attention(q, k, v).transpose(1, 2).reshape(b, s, -1)
        x = x + self.o(a)
        y = self.n2(x)
        return x + self.down(F.silu(self.gate(y)) * self.up(y))


class Model(nn.Module):
    def __init__(self, c, mode, rank):
        super().__init__()
        dtype = torch.float32 if mode == "full" else torch.bfloat16
        self.c, self.mode = c, mode
        self.embed = nn.Embedding(c.vocab, c.hidden, dtype=dtype)
        self.layers = nn.ModuleList(
            Layer(c, dtype, rank if mode == "lora" else 0)
            for _ in range(c.layers))
        self.norm = RMSNorm(c.hidden, dtype)
        self.lm_head = nn.Linear(c.hidden, c.vocab, bias=False, dtype=dtype)
        if mode == "full":
            for p in self.parameters():
                p.requires_grad_(True)
        else:
            for n, p in self.named_parameters():
                p.requires_grad_("lora_" in n)
        inv = 1.0 / (10000.0 ** (torch.arange(0, c.head_dim, 2).float()
                                 / c.head_dim))
        ang = torch.arange(c.seq).float()[:, None] * inv[None, :]
        ang = torch.cat((ang, ang), -1)
        # transformers computes cos/sin in fp32 and casts them to the
        # dtype of the embeddings' output.
        self.register_buffer("cos", ang.cos().to(dtype), persistent=False)
        self.register_buffer("sin", ang.sin().to(dtype), persistent=False)

    def forward(self, ids, labels, checkpointing):
        x = self.embed(ids)
        if checkpointing and not x.requires_grad:
            x.requires_grad_(True)  # transformers' enable_input_require_grads
        for layer in self.layers:
            if checkpointing:
                x = torch.utils.checkpoint.checkpoint(
                    layer, x, self.cos, self.sin, use_reentrant=True)
            else:
                x = layer(x, self.cos, self.sin)
        logits = self.lm_head(self.norm(x))
        # transformers' ForCausalLMLoss: upcast, shift the labels.
        flat = logits.float().view(-1, self.c.vocab)
        shifted = F.pad(labels, (0, 1), value=-100)[:, 1:].reshape(-1)
        return F.cross_entropy(flat, shifted, ignore_index=-100)


# -------------------------------------------------------------- optimizer

class AdamW2(torch.optim.Optimizer):
    """AdamW with the foreach arithmetic of torch 2.x's _multi_tensor_adamw
    (non-capturable, no amsgrad): one temporary list, exp_avg_sq_sqrt,
    updated in place; everything else in place. Used to count the 2.x
    optimizer step on a 1.13 install (--optimizer adamw2)."""

    def __init__(self, params, lr=1e-5, betas=(0.9, 0.999), eps=1e-8,
                 weight_decay=0.0):
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps,
                                      weight_decay=weight_decay))

    @torch.no_grad()
    def step(self):
        for g in self.param_groups:
            params = [p for p in g["params"] if p.grad is not None]
            grads = [p.grad for p in params]
            for p in params:
                st = self.state[p]
                if not st:
                    st["step"] = 0
                    st["exp_avg"] = torch.zeros_like(p)
                    st["exp_avg_sq"] = torch.zeros_like(p)
                st["step"] += 1
            m = [self.state[p]["exp_avg"] for p in params]
            v = [self.state[p]["exp_avg_sq"] for p in params]
            b1, b2 = g["betas"]
            lr, step = g["lr"], self.state[params[0]]["step"]
            torch._foreach_mul_(params, 1 - lr * g["weight_decay"])
            torch._foreach_mul_(m, b1)           # 2.x: _foreach_lerp_
            torch._foreach_add_(m, grads, alpha=1 - b1)
            torch._foreach_mul_(v, b2)
            torch._foreach_addcmul_(v, grads, grads, 1 - b2)
            bc1, bc2 = 1 - b1 ** step, 1 - b2 ** step
            denom = torch._foreach_sqrt(v)
            torch._foreach_div_(denom, math.sqrt(bc2))
            torch._foreach_add_(denom, g["eps"])
            torch._foreach_addcdiv_(params, m, denom, -lr / bc1)
            del denom


# --------------------------------------------------------------- counting

def storage(t):
    """The tensor's untyped storage (torch 2.x), or its storage (1.13)."""
    return t.untyped_storage() if hasattr(t, "untyped_storage") else \
        t.storage()


def live_tensor_bytes(tensors):
    """Bytes of the distinct storages of the tensors."""
    seen = {}
    for t in tensors:
        if t is None or t.device.type != "cpu" or not t.numel():
            continue
        st = storage(t)
        seen[st.data_ptr()] = st.nbytes()
    return sum(seen.values())


def known_tensors(model, opt, extra):
    ts = list(model.parameters()) + list(model.buffers())
    ts += [p.grad for p in model.parameters() if p.grad is not None]
    for st in opt.state.values():
        ts += [v for v in st.values() if torch.is_tensor(v)]
    return ts + list(extra)


class Phase:
    """Marks a phase: a profiler range on CPU, peak counters on CUDA."""

    def __init__(self, name, step, cuda, log):
        self.name, self.step, self.cuda, self.log = name, step, cuda, log

    def __enter__(self):
        if self.cuda:
            torch.cuda.synchronize()
            torch.cuda.reset_peak_memory_stats()
        else:
            self.rf = torch.autograd.profiler.record_function(
                "phase:%s:%d" % (self.name, self.step))
            self.rf.__enter__()

    def __exit__(self, *exc):
        if self.cuda:
            torch.cuda.synchronize()
            self.log.append((self.name, self.step,
                             torch.cuda.max_memory_allocated(),
                             torch.cuda.memory_allocated()))
        else:
            self.rf.__exit__(*exc)


def span(e):
    """(start, end) of a profiler record, in ns where torch records them
    (2.x), else in us (1.13): only the order matters."""
    if hasattr(e, "start_ns"):
        return e.start_ns(), e.start_ns() + e.duration_ns()
    return e.start_us(), e.start_us() + e.duration_us()


def cpu_phases(prof, state_bytes):
    """(phase, step, peak, end) from the profiler's raw records."""
    evs = list(prof.profiler.kineto_results.events())
    ranges = []
    mem = []
    ops = []
    for i, e in enumerate(evs):
        name = e.name()
        a, z = span(e)
        if name == "[memory]":
            mem.append((a, i, e.nbytes()))
        elif name.startswith("phase:"):
            _, ph, st = name.split(":")
            ranges.append((a, z, ph, int(st)))
        else:
            ops.append((a, z, name))
    mem.sort()
    ranges.sort()
    live = state_bytes
    out = {(ph, st): [live, live, None] for _, _, ph, st in ranges}
    trace = []
    for t, _, nbytes in mem:
        live += nbytes
        trace.append((t, live))
        for a, z, ph, st in ranges:
            if a <= t <= z:
                rec = out[(ph, st)]
                rec[0] = max(rec[0], live)
                rec[1] = live
    # Where each phase's peak is: the first record within 64 KiB of it
    # (scalar temporaries move the count by a few bytes after the real
    # peak), named by the outermost and the innermost operator running then.
    for (ph, st), rec in out.items():
        a, z = next((a, z) for a, z, p, s in ranges if (p, s) == (ph, st))
        t = next((t for t, n in trace if a <= t <= z and n >= rec[0] - 65536),
                 None)
        around = sorted((z - a, n) for a, z, n in ops
                        if t is not None and a <= t <= z and
                        n not in ALLOC_OPS)
        rec[2] = "" if not around else around[-1][1] if len(around) == 1 \
            else "%s > %s" % (around[-1][1], around[0][1])
    # A phase's end is the count after its last record; a phase with no
    # record ends where the previous one did.
    result = []
    prev_end = state_bytes
    for a, z, ph, st in ranges:
        peak, end, op = out[(ph, st)]
        if not any(a <= t <= z for t, _, _ in mem):
            peak, end, op = prev_end, prev_end, ""
        if prev_end > peak:
            peak, op = prev_end, "(at the phase's start)"
        result.append((ph, st, peak, end, op))
        prev_end = end
    return result, live


# ------------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hidden", type=int, required=True)
    ap.add_argument("--layers", type=int, required=True)
    ap.add_argument("--seq", type=int, required=True)
    ap.add_argument("--batch", type=int, default=1)
    ap.add_argument("--vocab", type=int, default=32000)
    ap.add_argument("--heads", type=int, help="default hidden / 64")
    ap.add_argument("--kv-heads", type=int, help="default heads / 4")
    ap.add_argument("--intermediate", type=int,
                    help="default 2.6875 x hidden (Llama 2 7B's 11008 / 4096)"
                    ", rounded to a multiple of 16")
    ap.add_argument("--mode", choices=("full", "lora"), required=True)
    ap.add_argument("--rank", type=int, default=16)
    ap.add_argument("--checkpointing", action="store_true")
    ap.add_argument("--optimizer", choices=("adamw2", "torch"),
                    default="adamw2",
                    help="adamw2: torch 2.x's foreach AdamW arithmetic "
                    "(default); torch: this torch's AdamW(foreach=True)")
    ap.add_argument("--steps", type=int, default=2)
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--threads", type=int)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", help="CSV file to append a row to")
    o = ap.parse_args()

    if o.threads:
        torch.set_num_threads(o.threads)
    torch.manual_seed(o.seed)
    o.heads = o.heads or max(1, o.hidden // 64)
    o.kv_heads = o.kv_heads or max(1, o.heads // 4)
    o.head_dim = o.hidden // o.heads
    o.intermediate = o.intermediate or int(round(2.6875 * o.hidden / 16)) * 16
    if o.heads % o.kv_heads or o.head_dim % 2:
        ap.error("heads must be a multiple of kv_heads, head_dim even")
    rank = o.rank if o.mode == "lora" else 0
    device = torch.device(o.device)
    cuda = device.type == "cuda"

    model = Model(o, o.mode, rank).to(device)
    trainable = [p for p in model.parameters() if p.requires_grad]
    if o.optimizer == "torch":
        opt = torch.optim.AdamW(trainable, lr=1e-5, weight_decay=0.0,
                                foreach=True)
        opt_name = "torch.optim.AdamW(foreach=True) of torch %s" % \
            torch.__version__
    else:
        opt = AdamW2(trainable, lr=1e-5, weight_decay=0.0)
        opt_name = "foreach AdamW, torch 2.x arithmetic"
    ids = torch.randint(0, o.vocab, (o.batch, o.seq), device=device)
    labels = ids.clone()
    n_params = sum(p.numel() for p in model.parameters())
    n_train = sum(p.numel() for p in trainable)
    n_lora = sum(p.numel() for n, p in model.named_parameters()
                 if "lora_" in n)

    def step(i):
        with Phase("forward", i, cuda, log):
            with torch.autocast(device_type=device.type,
                                dtype=torch.bfloat16):
                loss = model(ids, labels, o.checkpointing)
        with Phase("backward", i, cuda, log):
            loss.backward()
            del loss
        with Phase("optimizer", i, cuda, log):
            opt.step()
        with Phase("zero_grad", i, cuda, log):
            opt.zero_grad(set_to_none=True)

    log = []
    t0 = time.perf_counter()
    extra = [ids, labels]
    if cuda:
        torch.cuda.synchronize()
        state = torch.cuda.memory_allocated()
        for i in range(1, o.steps + 1):
            step(i)
        phases = [(ph, st, peak, end, "") for ph, st, peak, end in log]
        counting = "torch.cuda.max_memory_allocated per phase"
        closure = 0
    else:
        state = live_tensor_bytes(known_tensors(model, opt, extra))
        from torch.profiler import profile, ProfilerActivity
        with profile(activities=[ProfilerActivity.CPU],
                     profile_memory=True) as prof:
            for i in range(1, o.steps + 1):
                step(i)
        phases, counted = cpu_phases(prof, state)
        closure = counted - live_tensor_bytes(known_tensors(model, opt,
                                                            extra))
        counting = ("CPU allocator records (profiler profile_memory) on "
                    "the live tensor storage at the start")
    seconds = time.perf_counter() - t0

    last = o.steps
    get = {(ph, st): (peak, end, op) for ph, st, peak, end, op in phases}
    peak_ph = max(phases, key=lambda r: (r[2], r[1]))
    # the state at the start of the last step: optimizer state allocated
    state_last = get[("zero_grad", last - 1)][1] if last > 1 else state
    row = dict(
        mode=o.mode, checkpointing="yes" if o.checkpointing else "no",
        lora_rank=rank or "", hidden=o.hidden, layers=o.layers,
        heads=o.heads, kv_heads=o.kv_heads, head_dim=o.head_dim,
        intermediate=o.intermediate, vocab=o.vocab, seq=o.seq, batch=o.batch,
        params=n_params, trainable_params=n_train, lora_params=n_lora,
        attention="scaled_dot_product_attention" if HAS_SDPA else
        "flash-like (q, k, v, out, lse kept; %d-query blocks)"
        % FlashLikeAttention.BLOCK,
        optimizer=opt_name,
        device=torch.cuda.get_device_name(device) if cuda else "cpu",
        torch=torch.__version__, counting=counting, steps=o.steps,
        state_bytes=state_last,
        end_forward_bytes=get[("forward", last)][1],
        peak_forward_bytes=get[("forward", last)][0],
        peak_backward_bytes=get[("backward", last)][0],
        peak_optimizer_bytes=get[("optimizer", last)][0],
        peak_bytes=peak_ph[2], peak_phase=peak_ph[0], peak_step=peak_ph[1],
        end_backward_bytes=get[("backward", last)][1],
        peak_op=peak_ph[4], forward_peak_op=get[("forward", last)][2],
        backward_peak_op=get[("backward", last)][2],
        closure_bytes=closure, seconds="%.1f" % seconds)
    for k in FIELDS:
        print("%s: %s" % (k, row[k]))
    if o.out:
        new = not os.path.exists(o.out) or os.path.getsize(o.out) == 0
        with open(o.out, "a", newline="") as f:
            w = csv.DictWriter(f, fieldnames=FIELDS, lineterminator="\n")
            if new:
                w.writeheader()
            w.writerow(row)
    return 0 if closure == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
