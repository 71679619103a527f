#!/usr/bin/env python3
"""Golden weight-update sequences from a real engine, for ShardScope's precision emulation.

Runs the same accumulation loops as core/precision/drift.cpp with PyTorch tensors on the CPU
(torch.bfloat16, torch.float16, torch.float32) and records every stored value as its bit pattern,
so tests/reference/tst_precision_golden.cpp can require a bit-for-bit match.

    w <- w + round(u)                         naive (w stored in the low format)
    m <- m + u;  w = m.to(low)                fp32 master weights
    y = round(u) - c; t = w + y; c = (t - w) - y; w = t    Kahan, all in the low format

PyTorch computes bf16/fp16 arithmetic on the CPU in fp32 and rounds the result to the tensor's
dtype (round to nearest even); ShardScope emulates exactly that.

Usage: precision_reference.py [--out validation/results/precision_reference.json]
"""
import argparse
import json
import os
import struct
import sys

import torch

DTYPES = {"bf16": torch.bfloat16, "fp16": torch.float16, "fp32": torch.float32}


def bits(tensor):
    """The stored bit pattern of a 0-d tensor, as hex (4 digits for 16-bit, 8 for fp32)."""
    if tensor.dtype == torch.float32:
        return "%08x" % struct.unpack("<I", struct.pack("<f", tensor.item()))[0]
    return "%04x" % (tensor.view(torch.int16).item() & 0xFFFF)


def fp32_bits(value):
    return "%08x" % struct.unpack("<I", struct.pack("<f", value))[0]


def run(dtype_name, strategy, start, updates):
    """Applies `updates` (fp32 tensors) to a weight; returns the stored value after each step."""
    low = DTYPES[dtype_name]
    values = []
    if strategy == "naive":
        w = torch.tensor(start, dtype=torch.float32).to(low)
        for u in updates:
            w = w + u.to(low)
            values.append(bits(w))
        return values, None
    if strategy == "fp32-master":
        m = torch.tensor(start, dtype=torch.float32)
        for u in updates:
            m = m + u
            values.append(bits(m.to(low)))
        return values, fp32_bits(m.item())
    if strategy == "kahan":
        w = torch.tensor(start, dtype=torch.float32).to(low)
        c = torch.zeros((), dtype=low)
        for u in updates:
            y = u.to(low) - c
            t = w + y
            c = (t - w) - y
            w = t
            values.append(bits(w))
        return values, None
    raise ValueError(strategy)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--out", default=os.path.join(here, "results", "precision_reference.json"))
    args = parser.parse_args()
    torch.set_num_threads(1)

    constant_cases = [
        # The article: 1.0 plus 1e-4, ten thousand times.
        ("article", 1.0, 1e-4, 10000),
        # Updates big enough that rounding moves the weight, ties included.
        ("coarse", 1.0, 3e-3, 3000),
        ("negative", 0.5, -7e-4, 3000),
    ]
    cases = []
    for label, start, update, steps in constant_cases:
        u = torch.tensor(update, dtype=torch.float32)
        updates = [u] * steps
        for dtype_name in ("bf16", "fp16", "fp32"):
            for strategy in ("naive", "fp32-master", "kahan"):
                values, master = run(dtype_name, strategy, start, updates)
                cases.append({"label": label, "dtype": dtype_name, "strategy": strategy, "start": start,
                              "update": update, "steps": steps, "values": "".join(values),
                              "master": master})

    # Random updates: normal(5e-4, 1e-3) in fp32, recorded so the test replays the same ones.
    generator = torch.Generator().manual_seed(20261129)
    random_updates = (torch.randn(4096, generator=generator, dtype=torch.float32) * 1e-3 + 5e-4)
    update_list = [random_updates[i] for i in range(random_updates.numel())]
    update_bits = "".join(fp32_bits(u.item()) for u in update_list)
    for dtype_name in ("bf16", "fp16", "fp32"):
        for strategy in ("naive", "fp32-master", "kahan"):
            values, master = run(dtype_name, strategy, 1.0, update_list)
            cases.append({"label": "random", "dtype": dtype_name, "strategy": strategy, "start": 1.0,
                          "update_bits": update_bits, "steps": len(update_list), "values": "".join(values),
                          "master": master})

    document = {
        "engine": "PyTorch %s (CPU)" % torch.__version__,
        "python": sys.version.split()[0],
        "script": "validation/precision_reference.py",
        "encoding": "values: the stored weight after each step, concatenated hex bit patterns "
                    "(4 digits for bf16/fp16, 8 for fp32; fp32-master stores its low-format copy); "
                    "master: the final fp32 master; update_bits: the fp32 updates, 8 hex digits each",
        "cases": cases,
    }
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump(document, f, indent=1)
        f.write("\n")
    print("wrote %d cases to %s" % (len(cases), args.out))


if __name__ == "__main__":
    main()
