#!/usr/bin/python3
"""Decompose the training-step memory counts of bench/gpu/train_memory.py
into per-parameter, per-layer-token and per-logit terms.

    train_memory_fit.py [bench/gpu/train_memory_cpu.csv]

For each setup (mode, checkpointing, LoRA rank; runs with the torch 2.x
AdamW arithmetic) and each moment of the step (end of forward, forward
peak, backward peak), the bytes above the state at the start of the step
are fitted, by least squares over the runs' shapes, to

    bytes = w_layers x W + w_head x (h V) + a x (L s b h) + g x (s b h)
            + c x (s b V)

W, h V: what autocast copies to bf16 (full: the decoder layers' linear
weights, and the output head; LoRA: the adapters as W, the base being
bf16 already, no head term); L s b h: layers x tokens x hidden; s b h: tokens x hidden
(the embedding output, the final norm, the head's input, and the one
layer a checkpointed backward rebuilds); s b V: logits. The
coefficients are bytes per weight, per token per layer per hidden unit,
per token per hidden unit, and per logit. The largest relative residual
says how well the terms describe the counts. The backward peak is fitted
on the runs whose backward peak is in the loss's backward
(LogSoftmaxBackward); in the others it is the end of backward, when every
gradient exists (printed per trainable parameter).

It also prints the optimizer step's bytes per trainable parameter above the
state, and, for every run, the peak in bytes per parameter with its phase.
"""
import csv
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def num(r, k):
    return int(r[k])


def layer_weights(r):
    h, a, kv, hd = num(r, "hidden"), num(r, "heads"), num(r, "kv_heads"), \
        num(r, "head_dim")
    per_layer = 2 * h * a * hd + 2 * h * kv * hd + 3 * h * num(r, "intermediate")
    return num(r, "layers") * per_layer


TERMS = ("w_layers", "w_head", "a", "g", "c")


def regressors(r):
    """The terms' multipliers. The weight terms are what autocast copies to
    bf16: in full mode the layers' linear weights and the output head, in
    LoRA mode the adapters (w_layers; the base is bf16 already, w_head 0)."""
    t = num(r, "seq") * num(r, "batch")
    h = num(r, "hidden")
    if r["mode"] == "full":
        w, head = layer_weights(r), h * num(r, "vocab")
    else:
        w, head = num(r, "lora_params"), 0
    return [w, head, num(r, "layers") * t * h, t * h, t * num(r, "vocab")]


def lstsq(xs, ys):
    """Least squares on the relative error (rows scaled by 1 / y)."""
    n = len(xs[0])
    xs = [[v / y for v in x] for x, y in zip(xs, ys)]
    a = [[sum(x[i] * x[j] for x in xs) for j in range(n)] for i in range(n)]
    b = [sum(x[i] for x in xs) for i in range(n)]
    # Gaussian elimination with partial pivoting.
    m = [row[:] + [bi] for row, bi in zip(a, b)]
    for c in range(n):
        p = max(range(c, n), key=lambda i: abs(m[i][c]))
        m[c], m[p] = m[p], m[c]
        for i in range(n):
            if i != c and m[c][c]:
                f = m[i][c] / m[c][c]
                m[i] = [u - f * v for u, v in zip(m[i], m[c])]
    scale = max(abs(m[i][i]) for i in range(n))
    if any(abs(m[i][i]) <= 1e-12 * scale for i in range(n)):
        return None  # the runs do not separate the terms
    return [m[i][n] / m[i][i] for i in range(n)]


def worst_residual(fit, xs, ys):
    """The largest relative error of the fit over the runs."""
    return max(abs(sum(k * v for k, v in zip(fit, xv)) / y - 1)
               for xv, y in zip(xs, ys))


def moment_runs(groups):
    """(key, setup, moment, label, runs) for each setup and moment; at the
    backward peak only the runs whose peak is at the loss."""
    for key in sorted(groups):
        setup = "%s%s%s" % (key[0], " r%s" % key[2] if key[2] else "",
                            ", checkpointing" if key[1] == "yes" else "")
        for moment, label in (("end_forward_bytes", "end of forward"),
                              ("peak_forward_bytes", "forward peak"),
                              ("peak_backward_bytes", "backward peak at the "
                               "loss")):
            rs = groups[key]
            if moment == "peak_backward_bytes":
                rs = [r for r in rs if "LogSoftmaxBackward" in
                      r["backward_peak_op"]]
            yield key, setup, moment, label, rs


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else \
        os.path.join(HERE, "train_memory_cpu.csv")
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    groups = {}
    for r in rows:
        if "2.x" not in r["optimizer"]:
            continue
        key = (r["mode"], r["checkpointing"], r["lora_rank"])
        groups.setdefault(key, []).append(r)

    print("torch %s; %s" % (rows[0]["torch"], rows[0]["counting"]))
    print()
    print("| setup | moment | runs | w_layers (B/weight) | w_head (B/weight) "
          "| a (B per L·s·b·h) | g (B per s·b·h) | c (B per logit) "
          "| worst residual |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for key, setup, moment, label, rs in moment_runs(groups):
        xs = [regressors(r) for r in rs]
        used = [i for i in range(len(TERMS)) if any(x[i] for x in xs)]
        xs = [[x[i] for i in used] for x in xs]
        ys = [num(r, moment) - num(r, "state_bytes") for r in rs]
        fit = lstsq(xs, ys) if len(rs) > len(used) else None
        if fit is None:
            print("| %s | %s | %d | the runs do not separate the terms "
                  "| | | | | |" % (setup, label, len(rs)))
            continue
        worst = worst_residual(fit, xs, ys)
        coef = dict(zip([TERMS[i] for i in used], fit))
        cells = ["%.3f" % coef[t] if t in coef else "" for t in TERMS[:2]]
        cells += ["%.2f" % coef[t] for t in TERMS[2:]]
        print("| %s | %s | %d | %s | %.2f%% |"
              % (setup, label, len(rs), " | ".join(cells), 100 * worst))
    print()
    print("The same with the autocast copies fixed at 2 bytes per weight "
          "where they are alive\n(saved_tensors.py: saved by each linear "
          "without checkpointing; with it, only the\nhead's copy is saved, "
          "but autocast's cache holds them all until the forward ends):")
    print()
    print("| setup | moment | runs | a (B per L·s·b·h) | g (B per s·b·h) "
          "| c (B per logit) | worst residual |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for key, setup, moment, label, rs in moment_runs(groups):
        xs, ys = [], []
        for r in rs:
            w, head, a, g, c = regressors(r)
            if key[1] == "yes" and moment != "peak_forward_bytes":
                w = 0  # the layers' copies are not saved
            xs.append([a, g, c])
            ys.append(num(r, moment) - num(r, "state_bytes") -
                      2 * (w + head))
        fit = lstsq(xs, ys) if len(rs) > 3 else None
        if fit is None:
            continue
        worst = worst_residual(fit, xs, ys)
        print("| %s | %s | %d | %.2f | %.2f | %.2f | %.2f%% |"
              % ((setup, label, len(rs)) + tuple(fit) + (100 * worst,)))
    print()
    print("optimizer step, bytes per trainable parameter above the state:")
    seen = {}
    for r in rows:
        k = (r["mode"], r["optimizer"])
        v = (num(r, "peak_optimizer_bytes") - num(r, "state_bytes")) / \
            num(r, "trainable_params")
        seen.setdefault(k, []).append(v)
    for (mode, opt), vs in sorted(seen.items()):
        print("  %s, %s: %.4f to %.4f (%d runs)" % (mode, opt, min(vs),
                                                     max(vs), len(vs)))
    print()
    print("end of backward, bytes per trainable parameter above the state "
          "(the gradients):")
    seen = {}
    for r in rows:
        v = (num(r, "end_backward_bytes") - num(r, "state_bytes")) / \
            num(r, "trainable_params")
        seen.setdefault(r["mode"], []).append(v)
    for mode, vs in sorted(seen.items()):
        print("  %s: %.4f to %.4f (%d runs)" % (mode, min(vs), max(vs),
                                                 len(vs)))
    print()
    print("| mode | ckpt | h | L | s | b | V | params | state B/param | "
          "peak B/param | peak phase | peak at |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|")
    for r in rows:
        if "2.x" not in r["optimizer"]:
            continue
        p = num(r, "params")
        print("| %s%s | %s | %s | %s | %s | %s | %s | %d | %.2f | %.2f | %s | %s |"
              % (r["mode"], " r" + r["lora_rank"] if r["lora_rank"] else "",
                 r["checkpointing"], r["hidden"], r["layers"], r["seq"],
                 r["batch"], r["vocab"], p, num(r, "state_bytes") / p,
                 num(r, "peak_bytes") / p, r["peak_phase"],
                 r["peak_op"].split(" > ")[-1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
