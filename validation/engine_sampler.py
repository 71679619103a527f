#!/usr/bin/env python3
"""How PyTorch's DistributedSampler (and Megatron-LM's pretraining samplers) put N samples on R ranks.

Records, for representative (N, R, drop_last, shuffle, seed, epoch), what
torch.utils.data.DistributedSampler itself gives every rank: the per-rank count, the padding
duplicates, the dropped samples and a digest of every rank's reading order (the first 13 hex
digits of SHA-256 over "rank r: s0,s1,...\\n" for r = 0..R-1, as a number). `shardscope-cli
validate` compares them with the data command. Megatron-LM's samplers cannot be imported without
Megatron; their __iter__ is transcribed below from megatron/legacy/data/data_samplers.py
(core_v0.15.0) and run with the real torch.randperm.

With --sweep (needs a built shardscope-cli) it instead compares the data command's full lists
with DistributedSampler for every combination of a grid and prints how many agree; exit 1 on any
disagreement. scripts/test runs both.

Usage: /usr/bin/python3 validation/engine_sampler.py [--out validation/results/engine_sampler.json]
       /usr/bin/python3 validation/engine_sampler.py --sweep
"""
import hashlib
import itertools
import json
import subprocess
import sys

import torch
from torch.utils.data import DistributedSampler

import engine_common as ec

SCRIPT = "validation/engine_sampler.py"

METHOD = (
    "torch.utils.data.DistributedSampler(range(N), num_replicas=R, rank=r, shuffle, seed, drop_last) with "
    "set_epoch(epoch), iterated for every rank r on the CPU (no process group is needed when num_replicas and "
    "rank are given). Recorded per combination: len(sampler) (per_rank), R x len - N (duplicates, without "
    "drop_last) or N - R x len (dropped, with drop_last), and the digest of the reading order: the first 13 hex "
    "digits of SHA-256 over 'rank r: s0,s1,...\\n' for every rank, read as an integer. The shuffled order is "
    "torch.randperm with a generator seeded seed + epoch, which ShardScope reproduces (Fisher-Yates over the "
    "32-bit Mersenne Twister, aten/src/ATen/native/TensorFactories.cpp randperm_cpu), so the digest compares the "
    "permutation itself. Megatron-LM's MegatronPretrainingSampler and MegatronPretrainingRandomSampler "
    "(data_sharding=True) are transcribed from megatron/legacy/data/data_samplers.py at core_v0.15.0 "
    "(NVIDIA/Megatron-LM 0d7e02bd) and run with the real torch.randperm."
)

# (N, R, drop_last, shuffle, seed, epoch) recorded as cases: even, padded, dropped, wrapping padding
# (N < R), shuffled with two seeds and two epochs.
PYTORCH_CASES = [
    (10, 4, False, False, 0, 0), (10, 4, True, False, 0, 0), (3, 8, False, False, 0, 0), (3, 8, True, False, 0, 0),
    (1000, 8, False, True, 0, 0), (1000, 8, False, True, 0, 1), (1001, 8, False, True, 42, 0),
    (1001, 8, True, True, 42, 0), (97, 6, False, True, 1234, 7), (97, 6, True, True, 1234, 7),
    (10000, 64, False, True, 2**32 + 5, 0), (5, 5, False, True, 3, 2),
]
# (N, R, micro_batch, consumed, shuffle)
MEGATRON_CASES = [(1000, 4, 2, 0, False), (1003, 4, 2, 24, False), (1000, 4, 2, 0, True), (1003, 8, 1, 48, True)]


def digest(ranks):
    text = "".join("rank %d:%s\n" % (r, "".join((" " if k == 0 else ",") + str(s) for k, s in enumerate(row)))
                   for r, row in enumerate(ranks))
    return int(hashlib.sha256(text.encode()).hexdigest()[:12], 16)


def pytorch_ranks(n, ranks, drop_last, shuffle, seed, epoch):
    rows = []
    for r in range(ranks):
        sampler = DistributedSampler(range(n), num_replicas=ranks, rank=r, shuffle=shuffle, seed=seed, drop_last=drop_last)
        sampler.set_epoch(epoch)
        rows.append(list(sampler))
    return rows


# Transcribed from megatron/legacy/data/data_samplers.py (core_v0.15.0), __iter__ of each sampler,
# drop_last=True as build_pretraining_data_loader leaves it; data_sharding=True (the default).
def megatron_sequential(total, consumed, mbs, rank, dp):
    batch, out = [], []
    for idx in range(consumed, total):
        batch.append(idx)
        if len(batch) == mbs * dp:
            out.extend(batch[rank * mbs:(rank + 1) * mbs])
            batch = []
    return out


def megatron_random(total, consumed, mbs, rank, dp):
    window = mbs * dp
    last_batch_size = total % window
    active_total_samples = total - last_batch_size
    epoch = consumed // active_total_samples
    current_epoch_samples = consumed % active_total_samples
    assert current_epoch_samples % window == 0
    bucket_size = (total // window) * mbs
    bucket_offset = current_epoch_samples // dp
    start_idx = rank * bucket_size
    g = torch.Generator()
    g.manual_seed(epoch)
    random_idx = torch.randperm(bucket_size, generator=g).tolist()
    idx_range = [start_idx + x for x in random_idx[bucket_offset:]]
    out, batch = [], []
    for idx in idx_range:
        batch.append(idx)
        if len(batch) == mbs:
            out.extend(batch)
            batch = []
    return out


def record(out_path):
    cases = []
    for n, ranks, drop_last, shuffle, seed, epoch in PYTORCH_CASES:
        rows = pytorch_ranks(n, ranks, drop_last, shuffle, seed, epoch)
        per_rank = len(rows[0])
        inputs = {"samples": n, "ranks": ranks, "drop_last": drop_last, "shuffle": shuffle, "seed": seed, "epoch": epoch}
        name = "pytorch-n%d-r%d%s%s-seed%d-epoch%d" % (n, ranks, "-droplast" if drop_last else "",
                                                     "-shuffle" if shuffle else "", seed, epoch)
        words = "DistributedSampler, %d samples on %d ranks%s%s, seed %d, epoch %d" % (
            n, ranks, ", drop_last" if drop_last else "", ", shuffled" if shuffle else "", seed, epoch)
        padded = ranks * per_rank - n
        cases.append({"id": name + "-order", "what": words + ": every rank's reading order (digest)", "command": "data",
                      "data": inputs, "quantity": "order_digest", "measured": digest(rows), "unit": "value",
                      "tolerance": 0, "per_rank": [len(r) for r in rows]})
        cases.append({"id": name + "-padding", "what": words + ": samples read twice (padding) or never (dropped)",
                      "command": "data", "data": inputs, "quantity": ["duplicates", "dropped"],
                      "measured": abs(padded), "unit": "value", "tolerance": 0})
    for n, ranks, mbs, consumed, shuffle in MEGATRON_CASES:
        sampler = megatron_random if shuffle else megatron_sequential
        rows = [sampler(n, consumed, mbs, r, ranks) for r in range(ranks)]
        inputs = {"sampler": "megatron", "samples": n, "ranks": ranks, "micro_batch": mbs, "consumed": consumed,
                  "shuffle": shuffle}
        kind = "MegatronPretrainingRandomSampler" if shuffle else "MegatronPretrainingSampler"
        cases.append({"id": "megatron-%s-n%d-r%d-mbs%d-consumed%d" % ("cyclic" if shuffle else "single", n, ranks, mbs,
                                                                        consumed),
                      "what": "%s (transcribed), %d samples, dp %d, micro-batch %d, %d consumed: reading order (digest)"
                              % (kind, n, ranks, mbs, consumed),
                      "command": "data", "data": inputs, "quantity": "order_digest", "measured": digest(rows),
                      "unit": "value", "tolerance": 0, "per_rank": [len(r) for r in rows]})
    ec.write_results(out_path, SCRIPT, METHOD, cases)


def sweep():
    cli = ec.find_cli()
    if cli is None:
        print("shardscope-cli not found (build it, or set SHARDSCOPE_CLI)")
        return 2
    grid = itertools.product([1, 2, 7, 16, 100, 1001], [1, 2, 3, 8], [False, True], [False, True], [0, 7, 2**33 + 1],
                             [0, 1, 5])
    agreed = total = 0
    for n, ranks, drop_last, shuffle, seed, epoch in grid:
        expected = pytorch_ranks(n, ranks, drop_last, shuffle, seed, epoch)
        args = [cli, "data", "--samples", str(n), "--ranks", str(ranks), "--seed", str(seed), "--epoch", str(epoch),
                "--format", "json"] + (["--drop-last"] if drop_last else []) + (["--shuffle"] if shuffle else [])
        got = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
        total += 1
        same = (got["ranks"] == expected and got["per_rank"] == len(expected[0])
                and got["duplicates"] == (0 if drop_last else ranks * len(expected[0]) - n)
                and got["dropped"] == (n - ranks * len(expected[0]) if drop_last else 0))
        if same:
            agreed += 1
        else:
            print("DISAGREE: N=%d R=%d drop_last=%s shuffle=%s seed=%d epoch=%d" % (n, ranks, drop_last, shuffle, seed,
                                                                                   epoch))
    print("sampler sweep: %d of %d (N, R, drop_last, shuffle, seed, epoch) combinations agree with "
          "torch.utils.data.DistributedSampler (torch %s), every rank's list exactly" % (agreed, total, torch.__version__))
    return 0 if agreed == total else 1


def main():
    parser = ec.out_path_argument("engine_sampler.json", __doc__.splitlines()[0])
    parser.add_argument("--sweep", action="store_true", help="compare shardscope-cli data with DistributedSampler")
    args = parser.parse_args()
    if args.sweep:
        sys.exit(sweep())
    record(args.out)


if __name__ == "__main__":
    main()
