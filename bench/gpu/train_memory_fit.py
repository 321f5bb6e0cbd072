#!/usr/bin/python3
"""Decompose the training-step memory counts of bench/gpu/train_memory.py
into per-parameter, per-layer-token and per-logit terms.

    train_memory_fit.py [bench/gpu/train_memory_cpu.csv]

For each setup (mode, checkpointing, LoRA rank; runs with the torch 2.x
AdamW arithmetic) and each moment of the step (end of forward, forward
peak, backward peak), the bytes above the state at the start of the step
are fitted, by least squares over the runs' shapes, to

    bytes = w x P_lin + a x (L s b h) + g x (s b h) + c x (s b V)

P_lin: what autocast copies to bf16 (full: the linear layers' weights
and the output head; LoRA: the adapters, the base being bf16); L s b h: layers x tokens x hidden; s b h: tokens x hidden
(the embedding output, the final norm, the head's input, and the one
layer a checkpointed backward rebuilds); s b V: logits. The four
coefficients are bytes per weight, per token per layer per hidden unit,
per token per hidden unit, and per logit. The largest relative residual
says how well four terms describe the counts.

It also prints the optimizer step's bytes per trainable parameter above the
state, and, for every run, the peak in bytes per parameter with its phase.
"""
import csv
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def num(r, k):
    return int(r[k])


def p_lin(r):
    h, a, kv, hd = num(r, "hidden"), num(r, "heads"), num(r, "kv_heads"), \
        num(r, "head_dim")
    per_layer = 2 * h * a * hd + 2 * h * kv * hd + 3 * h * num(r, "intermediate")
    return num(r, "layers") * per_layer + h * num(r, "vocab")


def regressors(r):
    """The four terms' multipliers. The weight term is what autocast copies
    to bf16: every linear weight in full mode, the adapters in LoRA mode
    (the base is bf16 already)."""
    t = num(r, "seq") * num(r, "batch")
    h = num(r, "hidden")
    w = p_lin(r) if r["mode"] == "full" else num(r, "lora_params")
    return [w, num(r, "layers") * t * h, t * h, t * num(r, "vocab")]


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
    return [m[i][n] / m[i][i] for i in range(n)]


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
    print("| setup | moment | runs | w (B/weight) | a (B per L·s·b·h) | "
          "g (B per s·b·h) | c (B per logit) | worst residual |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for key in sorted(groups):
        rs = groups[key]
        setup = "%s%s%s" % (key[0], " r%s" % key[2] if key[2] else "",
                            ", checkpointing" if key[1] == "yes" else "")
        for moment in ("end_forward_bytes", "peak_forward_bytes",
                       "peak_backward_bytes"):
            xs = [regressors(r) for r in rs]
            ys = [num(r, moment) - num(r, "state_bytes") for r in rs]
            if len(rs) < 5:
                continue
            w, a, g, c = lstsq(xs, ys)
            worst = max(abs(sum(k * x for k, x in zip((w, a, g, c), xv)) / y
                            - 1) for xv, y in zip(xs, ys))
            print("| %s | %s | %d | %.3f | %.2f | %.2f | %.2f | %.2f%% |"
                  % (setup, moment.replace("_bytes", "").replace("_", " "),
                     len(rs), w, a, g, c, 100 * worst))
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
