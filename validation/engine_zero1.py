#!/usr/bin/env python3
"""Per-rank optimizer-state bytes of ZeRO stage 1, measured with PyTorch's ZeroRedundancyOptimizer.

Four local processes (gloo on 127.0.0.1) train a stack of equal nn.Linear layers (fp32, no bias)
wrapped in DistributedDataParallel, with torch.distributed.optim.ZeroRedundancyOptimizer over
AdamW (and over SGD with momentum); after one step each rank sums the bytes of every tensor in its
local optimizer's state. The largest rank is compared with ShardScope's
memory.per_gpu.optimizer_states at dp 4, ZeRO stage 1.

Usage: /usr/bin/python3 validation/engine_zero1.py [--out validation/results/engine_zero1.json]
"""
import json
import os
import tempfile
import time

import torch
import torch.distributed as dist
import torch.nn as nn

import engine_common as ec

SCRIPT = "validation/engine_zero1.py"
SEED = 20261203
WORLD = 4
# (layers, width): layer counts divisible by 4, so the greedy size-sorted partition of
# ZeroRedundancyOptimizer gives every rank the same number of equal tensors.
MODELS = [(8, 1024), (12, 512)]
OPTIMIZERS = ["adamw", "sgd-momentum"]

METHOD = (
    "torch.distributed.optim.ZeroRedundancyOptimizer (ZeRO stage 1: optimizer states partitioned over the "
    "data-parallel ranks, parameters and gradients replicated) in 4 processes started with "
    "torch.multiprocessing (gloo backend, 127.0.0.1). The model is a stack of equal nn.Linear layers "
    "(fp32, no bias; the layer count is a multiple of 4, so ZeroRedundancyOptimizer's greedy partition gives "
    "each rank the same number of equal tensors) wrapped in DistributedDataParallel. After one training "
    "step, each rank sums numel * element_size of every tensor in optimizer.optim.state (its local "
    "shard's states); the measured value is the largest rank's (per_rank lists all four; the breakdown "
    "gives the largest rank's states by name). With AdamW that is exp_avg and exp_avg_sq "
    "(fp32, 8 bytes per parameter of the shard) plus PyTorch 1.13's per-parameter 'step' counter, a "
    "0-dimensional fp32 tensor (4 bytes per parameter tensor, recorded in the breakdown: 8 bytes against "
    "megabytes, 5e-7 relative); with SGD momentum the momentum_buffer (4 bytes per parameter). ShardScope is "
    "given the exact parameter count (model.params) with fp32 training, dp 4, ZeRO stage 1 and the same "
    "optimizer, and its memory.per_gpu.optimizer_states (8 or 4 bytes per parameter / dp) is compared."
)


def make_model(layers, width):
    return nn.Sequential(*[nn.Linear(width, width, bias=False) for _ in range(layers)])


def make_optimizer(name, params):
    from torch.distributed.optim import ZeroRedundancyOptimizer
    if name == "adamw":
        return ZeroRedundancyOptimizer(params, optimizer_class=torch.optim.AdamW, lr=1e-3, weight_decay=0.01)
    return ZeroRedundancyOptimizer(params, optimizer_class=torch.optim.SGD, lr=1e-2, momentum=0.9)


def worker(rank, world, port, out_dir):
    torch.set_num_threads(1)
    ec.init_gloo(rank, world, port)
    results = []
    for layers, width in MODELS:
        for opt_name in OPTIMIZERS:
            torch.manual_seed(SEED)  # identical initial weights on every rank
            model = nn.parallel.DistributedDataParallel(make_model(layers, width))
            optimizer = make_optimizer(opt_name, model.parameters())
            x = torch.randn(8, width, generator=torch.Generator().manual_seed(SEED + rank))
            loss = model(x).square().mean()
            loss.backward()
            optimizer.step()
            state_bytes = {}
            tensors = 0
            for param_state in optimizer.optim.state.values():
                for key, value in param_state.items():
                    if torch.is_tensor(value):
                        state_bytes[key] = state_bytes.get(key, 0) + value.numel() * value.element_size()
                        tensors += 1
            local_params = sum(p.numel() for g in optimizer.optim.param_groups for p in g["params"])
            # the step must have left every rank with the same weights (ZeRO-1 broadcasts the shards)
            checksum = torch.tensor([sum(p.double().sum().item() for p in model.parameters())], dtype=torch.float64)
            gathered = [torch.zeros_like(checksum) for _ in range(world)]
            dist.all_gather(gathered, checksum)
            assert all(torch.equal(g, gathered[0]) for g in gathered), "ranks disagree after the step"
            results.append({"layers": layers, "width": width, "optimizer": opt_name, "rank": rank,
                            "state_bytes": state_bytes, "state_tensors": tensors, "local_params": local_params,
                            "params": sum(p.numel() for p in model.parameters())})
            del optimizer, model
    with open(os.path.join(out_dir, "rank%d.json" % rank), "w") as f:
        json.dump(results, f)
    ec.end_process_group()  # the wrappers were deleted above, while the group was alive


def main():
    args = ec.out_path_argument("engine_zero1.json", __doc__.splitlines()[0]).parse_args()
    started = time.time()
    with tempfile.TemporaryDirectory() as out_dir:
        ec.spawn(worker, (WORLD, ec.free_port(), out_dir), WORLD)
        per_rank = []
        for rank in range(WORLD):
            with open(os.path.join(out_dir, "rank%d.json" % rank)) as f:
                per_rank.append(json.load(f))
    cases = []
    for index, (layers, width) in enumerate(MODELS):
        for opt_index, opt_name in enumerate(OPTIMIZERS):
            runs = [per_rank[r][index * len(OPTIMIZERS) + opt_index] for r in range(WORLD)]
            assert all(r["layers"] == layers and r["optimizer"] == opt_name for r in runs)
            totals = [sum(r["state_bytes"].values()) for r in runs]
            largest = max(range(WORLD), key=lambda r: totals[r])
            params = runs[0]["params"]
            assert sum(r["local_params"] for r in runs) == params
            breakdown = {"rank %d: %s" % (largest, k): v for k, v in sorted(runs[largest]["state_bytes"].items())}
            words = "AdamW" if opt_name == "adamw" else "SGD with momentum"
            cases.append({
                "id": "zero1-dp4-%s-%dx%dx%d" % (opt_name, layers, width, width),
                "what": "ZeRO-1 (ZeroRedundancyOptimizer, %s) on 4 ranks, %d fp32 Linear %dx%d layers "
                        "(%d parameters): optimizer states of the largest rank" % (words, layers, width, width, params),
                "scenario": {
                    "model": {"params": params},
                    "training": {"seq_len": 128, "micro_batch": 1, "global_batch": WORLD, "precision": "fp32",
                                 "grad_dtype": "fp32", "optimizer": opt_name},
                    "parallel": {"gpus": WORLD, "dp": WORLD, "tp": 1, "pp": 1, "zero": 1},
                },
                "quantity": "memory.per_gpu.optimizer_states",
                "measured": totals[largest], "unit": "bytes", "tolerance": 0.01,
                "breakdown": breakdown,
                "per_rank": totals,
            })
            print("%-36s per rank %s" % (cases[-1]["id"], totals))
    ec.write_results(args.out, SCRIPT, METHOD, cases)
    print("%.1f s in all" % (time.time() - started))


if __name__ == "__main__":
    main()
