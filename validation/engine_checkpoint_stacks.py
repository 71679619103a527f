#!/usr/bin/env python3
"""Checkpointing every k-th layer (torchtitan's selective_ac_option = k), measured in PyTorch on the
CPU for engine_activations.py (which imports this module and writes the cases into
validation/results/engine_activations.json): stacks of Llama-style layers with their own weights,
blocks k, 2k, ... (counted from 1) wrapped in a full checkpoint, the others keeping everything.
Split from engine_checkpoint_policies.py (op-level selective checkpointing), whose input, gradient
check and attention wording it shares. Nothing here computes anything of ShardScope's.
"""
import time

import torch.nn as nn

import engine_checkpoint_policies as policies
import engine_common as ec
import engine_layers as el


class EveryKthStack(nn.Module):
    """N layers; layer i (from 1) is fully checkpointed (reentrant torch.utils.checkpoint: its input
    only) when i % k == 0, as torchtitan's ptd_checkpoint_wrapper._count % ac_freq == 0 picks them."""

    def __init__(self, make_layer, n, k):
        super().__init__()
        self.k = k
        self.layers = nn.ModuleList(make_layer("full" if (i + 1) % k == 0 else "none", i) for i in range(n))

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            how = "full checkpoint" if layer.recompute == "full" else "no recomputation"
            with el.region("layer %d of %d (%s)" % (i + 1, len(self.layers), how)):
                x = layer(x)
        return x


def measure_stack(stack, shape, seed):
    """Bytes an every-k stack keeps, per layer (the breakdown) and in all."""
    stack.train()
    x = policies.input_tensor(shape, seed)
    with ec.SavedTensorMeter(stack) as meter:
        out = stack(x)
    meter.breakdown(out)  # raises if a counted storage is held by no graph node
    per_layer = meter.by_region(depth=1)
    assert sum(per_layer.values()) == meter.total()
    return meter.total(), per_layer


# (shape index, layers, k, fused SwiGLU, flash): both k of the issue, each attention and SwiGLU kind,
# and a stack whose layer count is not a multiple of k (4 layers, k 3: only layer 3 is checkpointed).
STACKS = ((0, 4, 2, False, False), (1, 6, 3, True, False), (2, 6, 2, False, True), (0, 4, 3, False, False))


def cases(build, shapes, seed):
    """The every-k cases; build as for engine_checkpoint_policies.cases."""
    out = []
    for index, n, k, fused, flash in STACKS:
        shape = shapes[index]
        t0 = time.time()
        make = lambda recompute, i: build.llama_layer(shape, recompute, fused, flash, seed + i)  # noqa: E731
        total, per_layer = measure_stack(EveryKthStack(make, n, k), shape, seed + 3)
        unchecked = EveryKthStack(lambda _recompute, i: make("none", i), n, k)  # same weights, no checkpoint
        err, _ = policies.worst_gradient_error(unchecked, EveryKthStack(make, n, k), shape, seed + 3)
        assert err == 0.0, "checkpointing every %d-th layer changed the gradients: %.3g" % (k, err)
        s, b, h, a, kv, d, f = (shape[key] for key in ("s", "b", "h", "a", "kv", "d", "f"))
        whole = n % k != 0  # then the stack's total, not its average, is what ShardScope can be held to
        measured = total if whole else total / n
        checked = list(range(k, n + 1, k))
        tail = list(range(checked[-1] + 1, n + 1))  # after the last checkpointed layer
        out.append({
            "id": "llama-%s-n%d-every%d-%s-%s" % (build.shape_id(shape), n, k, "flash" if flash else "noflash",
                                               "fused" if fused else "eager"),
            "what": "Stack of %d Llama-style layers (RMSNorm, RoPE, GQA %d/%d heads, head dim %d, %s SwiGLU, %s), "
                    "s %d, b %d, h %d, ffn %d, bf16, layer%s %s fully checkpointed (every k-th, k %d), the others not: "
                    % (n, a, kv, d, "fused" if fused else "eager", policies.ATTENTION_WORDS[flash], s, b, h, f,
                       "s" if len(checked) > 1 else "", ", ".join(str(i) for i in checked), k)
                    + ("bytes the whole stack keeps (%d layers, not a multiple of k: layer%s %s, after the last "
                       "checkpointed one, keep%s everything)" % (n, "s" if len(tail) > 1 else "",
                                                                  ", ".join(str(i) for i in tail),
                                                                  "" if len(tail) > 1 else "s")
                       if whole else "bytes the stack keeps / %d" % n),
            "scenario": build.scenario(build.llama_model(shape, n), shape, "every-k", fused, flash, k),
            "quantity": "memory.per_gpu_activations.layers" if whole else "memory.activations_per_layer",
            "measured": int(measured) if measured == int(measured) else measured, "unit": "bytes", "tolerance": 0.03,
            "breakdown": per_layer,
        })
        print("%-52s %12d bytes %sgradients identical; %.1f s)"
              % (out[-1]["id"], measured, "in the stack (" if whole else "per layer (%d in the stack; " % total,
                 time.time() - t0))
    return out


METHOD = (
    " every-k (torchtitan selective_ac_option = k): a stack of N Llama layers with their own weights, layer i "
    "(from 1) wrapped in reentrant torch.utils.checkpoint (its input only; torchtitan's ptd_checkpoint_wrapper "
    "is non-reentrant and keeps the same input) when i % k == 0, as torchtitan's "
    "ptd_checkpoint_wrapper._count % ac_freq == 0 picks blocks k, 2k, ...; the whole stack's forward runs "
    "under one meter (validation/engine_checkpoint_stacks.py). With N a multiple of k its bytes divided by N "
    "are compared with ShardScope's memory.activations_per_layer, which for every-k is the average over the "
    "layers (input/k + everything*(1 - 1/k)); the scenario's model has N layers. With N not a multiple of k "
    "(the n4-every3 case: 4 layers, k 3, only layer 3 checkpointed, layer 4 after the last checkpointed block "
    "keeps everything) the fraction checkpointed is floor(N/k)/N, not 1/k, so the per-layer average is not "
    "comparable; the stack's total bytes are compared with ShardScope's memory.per_gpu_activations.layers for "
    "the N-layer model (pp 1: every layer's activations, here 3 x everything + 1 x input). The breakdown lists "
    "each layer's bytes; a backward through the stack gives exactly the unchecked stack's gradients."
)
