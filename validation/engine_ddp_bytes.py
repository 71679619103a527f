#!/usr/bin/env python3
"""Gradient bytes PyTorch DistributedDataParallel all-reduces per training step.

Local processes (gloo on 127.0.0.1) train an fp32 model under DistributedDataParallel with a
registered communication hook that adds up the size of every gradient bucket it is handed, then
all-reduces the bucket and divides by the world size (what DDP's default hook does). The bytes of
one step are compared with the data-parallel all-reduce ShardScope lists in
communication.per_step (precision fp32, ZeRO stage 0).

Usage: /usr/bin/python3 validation/engine_ddp_bytes.py [--out validation/results/engine_ddp_bytes.json]
"""
import json
import os
import tempfile
import time

import torch
import torch.distributed as dist
import torch.nn as nn

import engine_common as ec

SCRIPT = "validation/engine_ddp_bytes.py"
SEED = 20261204
STEPS = 2
# (id, world size, layer widths): Linear(w[i], w[i+1]) with bias, GeLU between; large enough for
# several buckets (DDP's first bucket holds 1 MiB, the others 25 MiB).
MODELS = [
    ("mlp-1024-2048-2048-1024", 2, [1024, 2048, 2048, 1024]),
    ("mlp-512-1536-1536-1536-512", 4, [512, 1536, 1536, 1536, 512]),
]

METHOD = (
    "torch.nn.parallel.DistributedDataParallel (default bucket_cap_mb 25, first bucket 1 MiB) over gloo in "
    "2 or 4 processes started with torch.multiprocessing on 127.0.0.1; the model is an fp32 MLP (nn.Linear "
    "layers with bias, GeLU between). A communication hook registered with model.register_comm_hook records "
    "bucket.buffer().numel() * element_size() for every bucket it receives, then all-reduces the buffer "
    "(dist.all_reduce, sum), divides it by the world size and returns a completed future, as DDP's "
    "default allreduce hook does. The measured value is the bytes the hook saw during one training step "
    "(forward, backward, AdamW step): the whole fp32 gradient, 4 bytes per parameter, once. Every step and "
    "rank sees the same bytes; only the cut differs: DDP reduced the first step's gradient in one bucket and, "
    "having rebuilt its buckets in the order gradients became ready, the second step's in two "
    "(buckets_per_step; the breakdown lists the last step's buckets). The averaged "
    "gradients are checked against a single-process reference over all ranks' inputs. ShardScope is given "
    "the exact parameter count (model.params), fp32 training with fp32 gradients, dp = the process count, "
    "ZeRO stage 0; its communication.per_step lists one dp all-reduce of the gradients with calls 1 and "
    "bytes = one call's buffer as nccl-tests counts it (the whole gradient); the quantity "
    "communication.per_step[dimension=dp,collective=all-reduce].bytes*calls is the bytes of those entries "
    "times their calls per step, compared with the bytes the hook saw in one step. ShardScope's single call "
    "stands for DDP's several buckets (their number is in the breakdown)."
)


def make_model(widths):
    layers = []
    for i in range(len(widths) - 1):
        layers.append(nn.Linear(widths[i], widths[i + 1]))
        if i + 2 < len(widths):
            layers.append(nn.GELU())
    return nn.Sequential(*layers)


def batch(rank, width):
    g = torch.Generator().manual_seed(SEED + 100 * rank)
    return torch.randn(8, width, generator=g), torch.randn(8, 1, generator=g)


def loss_of(output, target):
    return (output.mean(dim=1, keepdim=True) - target).square().mean()


def counting_allreduce_hook(state, bucket):
    buffer = bucket.buffer()
    state["buckets"].append(buffer.numel() * buffer.element_size())
    dist.all_reduce(buffer)
    buffer.div_(state["world"])
    future = torch.futures.Future()
    future.set_result(buffer)
    return future


def worker(rank, world, port, out_dir):
    torch.set_num_threads(1)
    ec.init_gloo(rank, world, port)
    results = []
    for model_id, model_world, widths in MODELS:
        if model_world != world:
            continue
        torch.manual_seed(SEED)  # identical initial weights on every rank
        base = make_model(widths)
        reference = make_model(widths)
        reference.load_state_dict(base.state_dict())
        model = nn.parallel.DistributedDataParallel(base)
        state = {"buckets": [], "world": world}
        model.register_comm_hook(state, counting_allreduce_hook)
        optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
        steps = []
        for step in range(STEPS):
            state["buckets"] = []
            x, y = batch(rank, widths[0])
            optimizer.zero_grad(set_to_none=True)
            loss_of(model(x), y).backward()
            if step == 0:
                # reference: the mean of the per-rank losses over all ranks' inputs, one process
                reference.zero_grad(set_to_none=True)
                total = sum(loss_of(reference(batch(r, widths[0])[0]), batch(r, widths[0])[1]) for r in range(world))
                (total / world).backward()
                for p, q in zip(model.module.parameters(), reference.parameters()):
                    assert torch.allclose(p.grad, q.grad, rtol=1e-5, atol=1e-7), "averaged gradients are wrong"
            optimizer.step()
            steps.append({"bytes": sum(state["buckets"]), "buckets": list(state["buckets"])})
        grad_bytes = sum(p.numel() * p.element_size() for p in model.parameters())
        results.append({"id": model_id, "rank": rank, "steps": steps, "grad_bytes": grad_bytes,
                        "params": sum(p.numel() for p in model.parameters())})
        del model, optimizer  # DistributedDataParallel holds the group: gone before it is destroyed
    with open(os.path.join(out_dir, "world%d-rank%d.json" % (world, rank)), "w") as f:
        json.dump(results, f)
    ec.end_process_group()


def main():
    args = ec.out_path_argument("engine_ddp_bytes.json", __doc__.splitlines()[0]).parse_args()
    started = time.time()
    cases = []
    worlds = sorted({world for _, world, _ in MODELS})
    with tempfile.TemporaryDirectory() as out_dir:
        for world in worlds:
            ec.spawn(worker, (world, ec.free_port(), out_dir), world)
        for model_id, world, widths in MODELS:
            runs = []
            for rank in range(world):
                with open(os.path.join(out_dir, "world%d-rank%d.json" % (world, rank))) as f:
                    runs.extend(r for r in json.load(f) if r["id"] == model_id)
            per_step = {s["bytes"] for r in runs for s in r["steps"]}
            assert len(per_step) == 1, "ranks or steps saw different bytes: %s" % per_step
            measured = per_step.pop()
            params = runs[0]["params"]
            assert measured == runs[0]["grad_bytes"]
            last = runs[0]["steps"][-1]["buckets"]
            breakdown = {"step %d, bucket %d (in order of reduction)" % (STEPS, i): b for i, b in enumerate(last)}
            cases.append({
                "id": "ddp-dp%d-%s" % (world, model_id),
                "what": "DDP on %d ranks, fp32 MLP %s (%d parameters): gradient bytes all-reduced per step"
                        % (world, "-".join(str(w) for w in widths), params),
                "scenario": {
                    "model": {"params": params},
                    "training": {"seq_len": 128, "micro_batch": 1, "global_batch": world, "precision": "fp32",
                                 "grad_dtype": "fp32", "optimizer": "adamw"},
                    "parallel": {"gpus": world, "dp": world, "tp": 1, "pp": 1, "zero": 0},
                },
                "quantity": "communication.per_step[dimension=dp,collective=all-reduce].bytes*calls",
                "measured": measured, "unit": "bytes", "tolerance": 0,
                "breakdown": breakdown,
                "buckets_per_step": [len(s["buckets"]) for s in runs[0]["steps"]],
            })
            print("%-40s %12d bytes per step, buckets per step %s" % (
                cases[-1]["id"], measured, cases[-1]["buckets_per_step"]))
    ec.write_results(args.out, SCRIPT, METHOD, cases)
    print("%.1f s in all" % (time.time() - started))


if __name__ == "__main__":
    main()
