// The torchrun target's script: a self-contained PyTorch training script for a small Llama-style
// (or GPT-style) model with the scenario's shape, data-parallel as the layout says
// (DistributedDataParallel for ZeRO stage 0, torch.distributed.optim.ZeroRedundancyOptimizer for
// stage 1), activation checkpointing as configured (torch.utils.checkpoint, non-reentrant), data
// sharded by torch.utils.data.DistributedSampler. With --report it records what each rank holds
// and sends, which validation/engine_torchrun.py compares with ShardScope's prediction.
// {{NAME}} fields are filled by torchrun_writer.cpp.
#include "core/engines/writers.h"

namespace shardscope::engines {

const char* torchrunScriptTemplate()
{
    return R"PY(#!/usr/bin/env python3
{{HEADER}}#
# Launch: {{LAUNCH}}
# Options: --steps N (default 2), --seed S (default 1234), --cpu (gloo even with GPUs),
#          --report FILE (each rank writes FILE.rank<R>.json: state bytes, bytes sent to collectives).
import argparse
import contextlib
import gc
import json
import math
import os

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset

CONFIG = {{CONFIG}}


class Norm(nn.Module):
    """RMSNorm (a weight) or LayerNorm (a weight and a bias), as the scenario's model has it."""

    def __init__(self, hidden):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden))
        self.bias = nn.Parameter(torch.zeros(hidden)) if CONFIG["norm"] == "layernorm" else None

    def forward(self, x):
        if self.bias is not None:
            return F.layer_norm(x, x.shape[-1:], self.weight, self.bias, 1e-5)
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5) * self.weight


def rotary(x, positions):
    """Rotary position embedding (Su et al. 2021) on [batch, heads, seq, head_dim]."""
    half = x.shape[-1] // 2
    freqs = 1.0 / (10000.0 ** (torch.arange(half, dtype=torch.float32) / half))
    angles = positions[:, None].float() * freqs[None, :]
    cos, sin = angles.cos(), angles.sin()
    x1, x2 = x[..., :half], x[..., half:]
    return torch.cat([x1 * cos - x2 * sin, x1 * sin + x2 * cos], dim=-1)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        c = CONFIG
        self.heads, self.kv_heads, self.head_dim = c["heads"], c["kv_heads"], c["head_dim"]
        self.q = nn.Linear(c["hidden"], c["heads"] * c["head_dim"], bias=c["qkv_bias"])
        self.k = nn.Linear(c["hidden"], c["kv_heads"] * c["head_dim"], bias=c["qkv_bias"])
        self.v = nn.Linear(c["hidden"], c["kv_heads"] * c["head_dim"], bias=c["qkv_bias"])
        self.o = nn.Linear(c["heads"] * c["head_dim"], c["hidden"], bias=c["out_proj_bias"])

    def core(self, q, k, v):
        # Grouped-query attention: each kv head serves heads / kv_heads query heads.
        k = k.repeat_interleave(self.heads // self.kv_heads, dim=1)
        v = v.repeat_interleave(self.heads // self.kv_heads, dim=1)
        scores = q @ k.transpose(-1, -2) / math.sqrt(self.head_dim)
        mask = torch.ones(q.shape[2], q.shape[2], dtype=torch.bool).triu(1)
        probs = F.dropout(scores.masked_fill(mask, float("-inf")).softmax(-1), CONFIG["dropout"], self.training)
        return probs @ v

    def forward(self, x):
        b, s, _ = x.shape
        q = self.q(x).view(b, s, self.heads, self.head_dim).transpose(1, 2)
        k = self.k(x).view(b, s, self.kv_heads, self.head_dim).transpose(1, 2)
        v = self.v(x).view(b, s, self.kv_heads, self.head_dim).transpose(1, 2)
        if CONFIG["position"] == "rotary":
            positions = torch.arange(s)
            q, k = rotary(q, positions), rotary(k, positions)
        if CONFIG["recompute"] == "selective":  # recompute the score-sized part only
            out = checkpoint(self.core, q, k, v, use_reentrant=False)
        else:
            out = self.core(q, k, v)
        return self.o(out.transpose(1, 2).reshape(b, s, -1))


class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        c = CONFIG
        self.gate = nn.Linear(c["hidden"], c["ffn_hidden"], bias=c["mlp_bias"]) if c["mlp"] == "swiglu" else None
        self.up = nn.Linear(c["hidden"], c["ffn_hidden"], bias=c["mlp_bias"])
        self.down = nn.Linear(c["ffn_hidden"], c["hidden"], bias=c["mlp_bias"])

    def forward(self, x):
        if self.gate is not None:  # SwiGLU (Shazeer 2020)
            return self.down(F.silu(self.gate(x)) * self.up(x))
        return self.down(F.gelu(self.up(x)))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention_norm, self.attention = Norm(CONFIG["hidden"]), Attention()
        self.mlp_norm, self.mlp = Norm(CONFIG["hidden"]), Mlp()

    def forward(self, x):
        x = x + F.dropout(self.attention(self.attention_norm(x)), CONFIG["dropout"], self.training)
        return x + F.dropout(self.mlp(self.mlp_norm(x)), CONFIG["dropout"], self.training)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        c = CONFIG
        self.tokens = nn.Embedding(c["vocab"], c["hidden"])
        self.positions = nn.Embedding(c["max_positions"], c["hidden"]) if c["position"] == "learned" else None
        self.layers = nn.ModuleList(Block() for _ in range(c["layers"]))
        self.final_norm = Norm(c["hidden"])
        self.output = None if c["tied_embeddings"] else nn.Linear(c["hidden"], c["vocab"], bias=False)

    def forward(self, tokens):
        x = self.tokens(tokens)
        if self.positions is not None:
            x = x + self.positions(torch.arange(tokens.shape[1]))
        for layer in self.layers:
            if CONFIG["recompute"] == "full":  # keep each layer's input, recompute the layer in backward
                x = checkpoint(layer, x, use_reentrant=False)
            else:
                x = layer(x)
        x = self.final_norm(x)
        return x @ self.tokens.weight.t() if self.output is None else self.output(x)


COMM = {}  # collective -> bytes this rank handed to it during the training steps


def counting_allreduce_hook(state, bucket):
    """DDP's default hook (all-reduce, then divide by the world size), counting the bucket's bytes."""
    buffer = bucket.buffer()
    COMM["all-reduce"] = COMM.get("all-reduce", 0) + buffer.numel() * buffer.element_size()
    dist.all_reduce(buffer)
    buffer.div_(dist.get_world_size())
    future = torch.futures.Future()
    future.set_result(buffer)
    return future


def count_broadcasts():
    """ZeroRedundancyOptimizer sends each rank's updated shard with dist.broadcast: count them."""
    original = dist.broadcast

    def broadcast(tensor, *args, **kwargs):
        COMM["broadcast"] = COMM.get("broadcast", 0) + tensor.numel() * tensor.element_size()
        return original(tensor, *args, **kwargs)

    dist.broadcast = broadcast


def make_optimizer(params):
    c = CONFIG
    if c["optimizer"] == "adamw":
        cls, kwargs = torch.optim.AdamW, {"lr": 3e-4, "betas": (0.9, 0.95), "weight_decay": 0.1}
    else:
        cls, kwargs = torch.optim.SGD, {"lr": 1e-2, "momentum": 0.9}
    if c["zero"] == 1:
        from torch.distributed.optim import ZeroRedundancyOptimizer
        return ZeroRedundancyOptimizer(params, optimizer_class=cls, **kwargs)
    return cls(params, **kwargs)


def state_bytes(optimizer):
    """Bytes of this rank's optimizer states; 0-dimensional step counters apart."""
    local = optimizer.optim if hasattr(optimizer, "optim") else optimizer
    states, counters = 0, 0
    for per_param in local.state.values():
        for value in per_param.values():
            if torch.is_tensor(value):
                if value.dim() == 0:
                    counters += value.numel() * value.element_size()
                else:
                    states += value.numel() * value.element_size()
    return states, counters


def main():
    parser = argparse.ArgumentParser(description="ShardScope export: data-parallel training of a small model")
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1234)
    parser.add_argument("--cpu", action="store_true")
    parser.add_argument("--report", default=None)
    args = parser.parse_args()
    c = CONFIG
    use_cuda = torch.cuda.is_available() and not args.cpu
    dist.init_process_group("nccl" if use_cuda else "gloo")
    rank, world = dist.get_rank(), dist.get_world_size()
    assert world == c["dp"], "launch %d processes (the layout's dp), not %d" % (c["dp"], world)
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)  # identical initial weights on every rank

    model = Model()
    ddp = nn.parallel.DistributedDataParallel(model)
    ddp.register_comm_hook(None, counting_allreduce_hook)
    optimizer = make_optimizer(ddp.parameters())
    count_broadcasts()

    # Synthetic token sequences; DistributedSampler gives every rank different ones, shuffled
    # from seed + epoch, so a re-run reads the same samples (ShardScope's `data` command).
    accumulation = c["global_batch"] // (c["micro_batch"] * world)
    samples = c["global_batch"] * args.steps
    generator = torch.Generator().manual_seed(args.seed)
    data = TensorDataset(torch.randint(0, c["vocab"], (samples, c["seq_len"] + 1), generator=generator))
    sampler = DistributedSampler(data, num_replicas=world, rank=rank, shuffle=True, seed=args.seed, drop_last=True)
    sampler.set_epoch(0)
    loader = iter(DataLoader(data, batch_size=c["micro_batch"], sampler=sampler))

    COMM.clear()
    losses = []
    for step in range(args.steps):
        optimizer.zero_grad(set_to_none=True)
        for micro in range(accumulation):
            (batch,) = next(loader)
            inputs, targets = batch[:, :-1], batch[:, 1:]
            context = ddp.no_sync() if micro + 1 < accumulation else contextlib.nullcontext()
            with context:
                logits = ddp(inputs)
                loss = F.cross_entropy(logits.reshape(-1, c["vocab"]), targets.reshape(-1)) / accumulation
                loss.backward()
        optimizer.step()
        losses.append(loss.item() * accumulation)
        if rank == 0:
            print("step %d loss %.4f" % (step + 1, losses[-1]), flush=True)

    if args.report:
        states, counters = state_bytes(optimizer)
        report = {
            "rank": rank, "world": world, "steps": args.steps,
            "parameters": sum(p.numel() for p in model.parameters()),
            "weights": sum(p.numel() * p.element_size() for p in model.parameters()),
            "gradients": sum(p.grad.numel() * p.grad.element_size() for p in model.parameters() if p.grad is not None),
            "optimizer_states": states, "optimizer_step_counters": counters,
            "communication_per_step": {k: v // args.steps for k, v in COMM.items()},
            "communication_total": dict(COMM),
        }
        with open("%s.rank%d.json" % (args.report, rank), "w") as f:
            json.dump(report, f, indent=1, sort_keys=True)
    # The wrapper and the optimizer hold the process group: free them while it is still registered.
    # Left to the end of main(), the last reference would go with them after the group was
    # destroyed, and PyTorch 1.13's gloo group can then deadlock at exit (its destructor joins a
    # worker thread under the GIL while that thread waits for the GIL to free a tensor).
    del ddp, optimizer
    gc.collect()
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
)PY";
}

} // namespace shardscope::engines
