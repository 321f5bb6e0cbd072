#!/usr/bin/python3
"""List the tensors one decoder layer of bench/gpu/train_memory.py keeps for
backward, with their dtype and their bytes per token per hidden unit.

    saved_tensors.py [--mode full|lora] [--hidden 512] [--seq 512]

Runs one layer's forward under bf16 autocast with
torch.autograd.graph.saved_tensors_hooks and records each saved tensor's
storage once (views of one storage count once). Parameters, buffers and
their autocast copies (tensors whose shape is a weight's) are listed
apart: they are not activations. The total is the per-layer activation
term of the train_memory_fit.py table (coefficient a, without checkpointing)
up to tensors kept by the layer's neighbours.
"""
import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import train_memory as T  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", choices=("full", "lora"), default="full")
    ap.add_argument("--rank", type=int, default=16)
    ap.add_argument("--hidden", type=int, default=512)
    ap.add_argument("--seq", type=int, default=320,
                    help="must differ from every weight dimension, which "
                    "tells weight copies from activations")
    o = ap.parse_args()
    c = argparse.Namespace(hidden=o.hidden, layers=1, seq=o.seq, vocab=1000,
                           heads=o.hidden // 64)
    c.kv_heads = max(1, c.heads // 4)
    c.head_dim = o.hidden // c.heads
    c.intermediate = int(round(2.6875 * o.hidden / 16)) * 16
    model = T.Model(c, o.mode, o.rank)
    layer = model.layers[0]
    dtype = torch.float32 if o.mode == "full" else torch.bfloat16
    x = torch.randn(1, o.seq, o.hidden, dtype=dtype, requires_grad=True)
    own = {T.storage(p).data_ptr() for p in model.parameters()} | \
        {T.storage(b).data_ptr() for b in model.buffers()}
    weight_shapes = {tuple(p.shape) for p in model.parameters()
                     if p.dim() == 2}
    weight_shapes |= {s[::-1] for s in weight_shapes}  # transposed views
    if any(o.seq in s for s in weight_shapes):
        ap.error("--seq %d is a weight dimension; choose another" % o.seq)
    seen = {}
    order = []

    def pack(t):
        if t.numel():
            key = T.storage(t).data_ptr()
            if key not in seen:
                seen[key] = (tuple(t.shape), t.dtype, T.storage(t).nbytes(),
                             key in own, tuple(t.shape) in weight_shapes)
                order.append(key)
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
            y = layer(x, model.cos, model.sin)
    del y
    unit = o.seq * o.hidden
    total = weights = 0
    print("%-28s %-16s %10s %8s" % ("shape", "dtype", "bytes", "B/(s·h)"))
    for key in order:
        shape, dt, nbytes, is_param, is_weight_copy = seen[key]
        what = " (parameter or buffer)" if is_param else \
            " (weight copy)" if is_weight_copy else ""
        if is_param:
            continue
        if is_weight_copy:
            weights += nbytes
        else:
            total += nbytes
        print("%-28s %-16s %10d %8.3f%s" % (str(list(shape)), str(dt)[6:],
                                            nbytes, nbytes / unit, what))
    print("activations: %d bytes, %.3f per token per hidden unit"
          % (total, total / unit))
    print("autocast weight copies: %d bytes" % weights)
    return 0


if __name__ == "__main__":
    sys.exit(main())
