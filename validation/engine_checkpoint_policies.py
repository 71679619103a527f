#!/usr/bin/env python3
"""Activation checkpointing policies beyond none / selective / full, measured in PyTorch on the CPU
for engine_activations.py (which imports this module and writes the cases into
validation/results/engine_activations.json):

* op: PyTorch's op-level selective activation checkpointing as torchtitan configures it
  (torchtitan 9dec370, torchtitan/parallelisms/parallelize_llama.py, _save_list and
  _custom_policy). PyTorch 1.13 has no torch.utils.checkpoint.create_selective_checkpoint_contexts,
  so the same mechanism is built here from what 1.13 has: a TorchDispatchMode sees every aten op
  the layer runs, asks torchtitan's policy about each, and caches the outputs of the ops it must
  save (as PyTorch's _CachingTorchDispatchMode does); backward reruns the layer with a mode that
  hands back the cached outputs instead of running those ops (_CachedTorchDispatchMode).
* every-k: torchtitan's selective_ac_option = k: blocks k, 2k, ... (counted from 1) are wrapped in
  a full checkpoint, the others keep everything.

The SDPA flash kernel torchtitan's layer runs does not exist in PyTorch 1.13; FlashAttentionFunction
stands in for it: one call that returns what aten._scaled_dot_product_flash_attention returns (the
output and an fp32 log-sum-exp per head and query) and saves what its backward reads.
Nothing here computes anything of ShardScope's.
"""
import math
import time
from collections import defaultdict

import torch
import torch.nn as nn
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils._pytree import tree_flatten, tree_map, tree_unflatten

import engine_common as ec
import engine_layers as el

aten = torch.ops.aten

# --------------------------------------------------------------------------------------------
# FlashAttention in place of the SDPA flash kernel
# --------------------------------------------------------------------------------------------

# The key the stand-in is cached under: torchtitan's _save_list names this op (and
# _scaled_dot_product_efficient_attention, the other fused SDPA kernel; one stand-in covers both).
FLASH = "aten._scaled_dot_product_flash_attention (stand-in)"


class FlashAttentionFunction(torch.autograd.Function):
    """FlashAttention (Dao 2023) as one call, causal, grouped-query without repeated K/V: q (b, a, s, d)
    with the a heads ordered kv head by kv head, k (b, kv, s, d), v (s, b, kv*d) (v_proj's output).
    Returns (out, lse) like aten._scaled_dot_product_flash_attention: out stored (s, b, a, d), the
    layout flash-attn writes for sequence-first callers and the one o_proj reads as a view (as
    torchtitan's transpose(1, 2).contiguous() of SDPA's output is a view too: one storage), and lse
    (b, a, s) fp32, not differentiable. Saves q, k, v, out and lse: what the flash backward reads;
    the s x s probabilities are rebuilt from lse in backward. Arithmetic in fp32.
    `cached` is (out, lse) when op-level checkpointing replays the op in backward: the kernel is
    then not run again, as PyTorch's SAC hands back a saved op's outputs."""

    @staticmethod
    def _grouped(q, k, v, kv):
        b, a, s, d = q.shape
        qg = q.float().reshape(b * kv, (a // kv) * s, d)
        kg = k.float().reshape(b * kv, s, d)
        vg = v.float().view(s, b * kv, d).transpose(0, 1)
        return qg, kg, vg

    @staticmethod
    def _scores(qg, kg, scale):
        z = torch.bmm(qg, kg.transpose(1, 2)) * scale
        return z.masked_fill(el._causal_mask(z.shape[1], z.shape[2], z.device), float("-inf"))

    @staticmethod
    def forward(ctx, q, k, v, kv_heads, cached=None):
        b, a, s, d = q.shape
        scale = 1.0 / math.sqrt(d)
        if cached is not None:
            out, lse = (t.detach() for t in cached)
        else:
            qg, kg, vg = FlashAttentionFunction._grouped(q, k, v, kv_heads)
            z = FlashAttentionFunction._scores(qg, kg, scale)
            lse = torch.logsumexp(z, dim=-1)                                     # (b*kv, g*s)
            o = torch.bmm(torch.exp(z - lse.unsqueeze(-1)), vg)                  # (b*kv, g*s, d)
            out = o.view(b, a, s, d).permute(2, 0, 1, 3).contiguous().to(q.dtype)  # (s, b, a, d)
            lse = lse.view(b, a, s)
        ctx.kv_heads, ctx.scale = kv_heads, scale
        ctx.mark_non_differentiable(lse)
        ctx.save_for_backward(q, k, v, out, lse)
        ctx.saved_names = ("q", "k", "v", "out", "logsumexp")
        return out, lse

    @staticmethod
    def backward(ctx, grad_out, _grad_lse):
        q, k, v, out, lse = ctx.saved_tensors
        b, a, s, d = q.shape
        kv = ctx.kv_heads
        qg, kg, vg = FlashAttentionFunction._grouped(q, k, v, kv)
        p = torch.exp(FlashAttentionFunction._scores(qg, kg, ctx.scale) - lse.view(b * kv, -1, 1))
        do = grad_out.float().permute(1, 2, 0, 3).reshape(b * kv, (a // kv) * s, d)
        o = out.float().permute(1, 2, 0, 3).reshape(b * kv, (a // kv) * s, d)
        dv = torch.bmm(p.transpose(1, 2), do)                                   # (b*kv, s, d)
        dp = torch.bmm(do, vg.transpose(1, 2))
        ds = p * (dp - (do * o).sum(dim=-1, keepdim=True)) * ctx.scale
        dq = torch.bmm(ds, kg).view(b, a, s, d)
        dk = torch.bmm(ds.transpose(1, 2), qg).view(b, kv, s, d)
        dv = dv.view(b, kv, s, d).permute(2, 0, 1, 3).reshape(s, b, kv * d)
        return dq.to(q.dtype), dk.to(k.dtype), dv.to(v.dtype), None, None


def flash_attention(q, k, v, kv_heads):
    """One call of the attention kernel; under op-level checkpointing, one op of the policy."""
    if _ACTIVE_MODES:
        return _ACTIVE_MODES[-1].fused_kernel(
            FLASH, lambda cached=None: FlashAttentionFunction.apply(q, k, v, kv_heads, cached))
    return FlashAttentionFunction.apply(q, k, v, kv_heads)


class FlashLlamaLayer(el.LlamaLayer):
    """engine_layers.LlamaLayer with its core attention (Q K^T, softmax, @V) done by the FlashAttention
    stand-in, as torchtitan's layer calls F.scaled_dot_product_attention and CUDA picks flash."""

    def core_attention(self, q, k, v):
        b, a, s, d = q.shape
        with el.region("3 core_attention.flash"):
            out, _lse = flash_attention(q, k, v, self.kv_heads)
        return out.view(s, b, a * d)


# --------------------------------------------------------------------------------------------
# Op-level selective checkpointing (PyTorch's SAC) with torchtitan's policy
# --------------------------------------------------------------------------------------------

# torchtitan's _save_list. Also in it: _scaled_dot_product_efficient_attention (FLASH stands for
# both fused SDPA kernels) and _c10d_functional.reduce_scatter_tensor (tensor parallelism only; no
# collective runs in one layer on one CPU, and PyTorch 1.13 has no such op).
SAVE_LIST = {aten.mm.default, FLASH, aten.abs.default, aten.max.default}


class TorchtitanPolicy:
    """torchtitan's _custom_policy, line for line: counts aten.mm calls separately in forward and in
    the recomputation, and saves the outputs of every op in _save_list except every second mm.
    One instance per checkpointed call, as torchtitan builds a fresh meta = defaultdict(int) in
    each selective_checkpointing_context_fn call, so the count restarts in every layer."""

    def __init__(self):
        self.meta = defaultdict(int)

    def must_save(self, is_recompute, func):
        mm_count_key = "%s_mm_count" % ("recompute" if is_recompute else "forward")
        if func == aten.mm.default:
            self.meta[mm_count_key] += 1
        return func in SAVE_LIST and not (func == aten.mm.default and self.meta[mm_count_key] % 2 == 0)


_ACTIVE_MODES = []  # the checkpoint mode in force, for flash_attention (not an aten op in 1.13)


def _detached(out):
    return tree_map(lambda t: t.detach() if isinstance(t, torch.Tensor) else t, out)


class SacMode(TorchDispatchMode):
    """Forward (is_recompute False): runs every op and puts the outputs of the ops the policy must
    save into `storage` (func -> list of outputs, in call order), as PyTorch's
    _CachingTorchDispatchMode does. Recomputation: pops those outputs instead of running the op,
    as _CachedTorchDispatchMode does; every other op runs again. `log` lists the forward's ops."""

    def __init__(self, policy, storage, is_recompute, weight_names):
        super().__init__()
        self.policy, self.storage, self.is_recompute = policy, storage, is_recompute
        self.weight_names = weight_names  # parameter storage -> name, to name each mm by its weight
        self.inside_kernel = 0
        self.log = []       # forward: (op, region, saved?, output shapes, weight)
        self.replayed = 0   # recomputation: ops that ran again
        self.handed_back = 0

    def _record(self, func, out, saved, weight=None):
        shapes = [tuple(t.shape) for t in tree_flatten(out)[0] if isinstance(t, torch.Tensor)]
        self.log.append({"op": str(func), "region": el.current_region(), "saved": saved, "shapes": shapes,
                         "weight": weight})

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if self.inside_kernel:  # ops inside the fused attention kernel's stand-in are not ops of the policy
            return func(*args, **kwargs)
        save = self.policy.must_save(self.is_recompute, func)
        if self.is_recompute:
            if save:
                self.handed_back += 1
                return _detached(self.storage[func].pop(0))
            self.replayed += 1
            return func(*args, **kwargs)
        out = func(*args, **kwargs)
        if save:
            self.storage[func].append(_detached(out))
        weight = None
        if func == aten.mm.default:
            weight = self.weight_names.get(ec.storage_of(args[1])[0])
        self._record(func, out, save, weight)
        return out

    def fused_kernel(self, key, run):
        """One call of a kernel that is a single aten op in PyTorch 2 (here a Python autograd Function)."""
        save = self.policy.must_save(self.is_recompute, key)
        self.inside_kernel += 1  # what runs inside (even the detaches below) is no op of the policy
        try:
            if self.is_recompute and save:
                self.handed_back += 1
                return run(tuple(self.storage[key].pop(0)))
            out = run()
            if save and not self.is_recompute:
                self.storage[key].append(_detached(out))
        finally:
            self.inside_kernel -= 1
        if self.is_recompute:
            self.replayed += 1
        else:
            self._record(key, out, save)
        return out


class OpSelectiveCheckpoint(torch.autograd.Function):
    """torch.utils.checkpoint with context_fn = torchtitan's selective_checkpointing_context_fn, built
    reentrant-style for PyTorch 1.13: forward runs `run(x)` without a graph under the caching mode
    and saves x and the cached outputs with save_for_backward (so saved_tensors_hooks see them;
    PyTorch 2 keeps the same tensors in the checkpoint's frame and x in its closure: the same bytes);
    backward reruns `run` under the replay mode with grad enabled and backpropagates through it."""

    @staticmethod
    def forward(ctx, run, weight_names, x):
        policy = TorchtitanPolicy()
        storage = defaultdict(list)
        mode = SacMode(policy, storage, False, weight_names)
        _ACTIVE_MODES.append(mode)
        try:
            with mode:
                out = run(x)
        finally:
            _ACTIVE_MODES.pop()
        layout, tensors, names = [], [], ["input"]
        for key, outputs in storage.items():
            for n, value in enumerate(outputs):
                flat, spec = tree_flatten(value)
                layout.append((key, spec, len(flat)))
                tensors.extend(flat)
                names.extend("%s #%d [%d]" % (key, n + 1, i) for i in range(len(flat)))
        ctx.run, ctx.policy, ctx.layout, ctx.weight_names = run, policy, layout, weight_names
        ctx.log = mode.log
        ctx.save_for_backward(x, *tensors)
        ctx.saved_names = tuple(names)
        return out

    @staticmethod
    def backward(ctx, grad):
        x, *tensors = ctx.saved_tensors
        storage = defaultdict(list)
        at = 0
        for key, spec, n in ctx.layout:
            storage[key].append(tree_unflatten(tensors[at:at + n], spec))
            at += n
        xd = x.detach().requires_grad_(x.requires_grad)
        mode = SacMode(ctx.policy, storage, True, ctx.weight_names)
        _ACTIVE_MODES.append(mode)
        try:
            with torch.enable_grad(), mode:
                out = ctx.run(xd)
        finally:
            _ACTIVE_MODES.pop()
        left = {str(k): len(v) for k, v in storage.items() if v}
        if left:  # the recomputation must consume exactly what forward saved, in order
            raise RuntimeError("saved outputs the recomputation did not use: %s" % left)
        ctx.recompute_counts = (mode.replayed, mode.handed_back)  # reported by the gradient check
        torch.autograd.backward(out, grad)
        return None, None, xd.grad


class OpCheckpointed(nn.Module):
    """A layer under op-level selective checkpointing (torchtitan's ptd_checkpoint_wrapper with
    context_fn): the whole block is the checkpointed function."""

    def __init__(self, layer):
        super().__init__()
        self.layer = layer
        layer.recompute = "none"
        self.weight_names = {ec.storage_of(p)[0]: name for name, p in layer.named_parameters()}

    def forward(self, x):
        return OpSelectiveCheckpoint.apply(self.layer._forward, self.weight_names, x)


def op_breakdown(meter, out):
    """Bytes per saved storage of an op-checkpointed layer, named by the op that produced it (its call
    number, the weight an mm multiplies by, its region and output shape) and its dtype."""
    node = out.grad_fn
    names = node.saved_names
    labels = ["layer input (s, b, h) %s, kept by the checkpoint" % (tuple(node.saved_tensors[0].shape),)]
    mm = 0
    saved = defaultdict(list)  # op -> its saved calls; ops in order of first save, as the cache holds them
    for r in node.log:
        if r["op"] == str(aten.mm.default):
            mm += 1
            r["mm_call"] = mm
        if r["saved"]:
            saved[r["op"]].append(r)
    for r in (r for records in saved.values() for r in records):
        what = "%s call %d, input @ %s^T" % (r["op"], r["mm_call"], r["weight"]) if "mm_call" in r else r["op"]
        for i, shape in enumerate(r["shapes"]):
            labels.append("%s (%s) output %d %s" % (what, r["region"], i, shape))
    assert len(labels) == len(names)
    result, seen = {}, set()
    for label, t in zip(labels, node.saved_tensors):
        ptr, nbytes = ec.storage_of(t)
        if ptr in seen or nbytes == 0 or ptr in meter.excluded:
            continue
        seen.add(ptr)
        result["%s [%s]" % (label, str(t.dtype).replace("torch.", ""))] = nbytes
    return result


# --------------------------------------------------------------------------------------------
# Every k-th layer fully checkpointed
# --------------------------------------------------------------------------------------------

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


# --------------------------------------------------------------------------------------------
# Measurement
# --------------------------------------------------------------------------------------------

BF16 = torch.bfloat16


def _input(shape, seed):
    g = torch.Generator().manual_seed(seed)
    return torch.randn(shape["s"], shape["b"], shape["h"], generator=g, dtype=BF16).requires_grad_()


def measure_op(layer, shape, seed):
    """Bytes an op-checkpointed layer keeps, with a breakdown by op; also the forward's op log."""
    wrapped = OpCheckpointed(layer)
    wrapped.train()
    x = _input(shape, seed)
    with ec.SavedTensorMeter(wrapped) as meter:
        out = wrapped(x)
    total = meter.total()
    breakdown = op_breakdown(meter, out)
    assert sum(breakdown.values()) == total
    return total, breakdown, out.grad_fn.log


def measure_stack(stack, shape, seed):
    """Bytes an every-k stack keeps, per layer (the breakdown) and in all."""
    stack.train()
    x = _input(shape, seed)
    with ec.SavedTensorMeter(stack) as meter:
        out = stack(x)
    meter.breakdown(out)  # raises if a counted storage is held by no graph node
    per_layer = meter.by_region(depth=1)
    assert sum(per_layer.values()) == meter.total()
    return meter.total(), per_layer


def _worst_gradient_error(plain, checkpointed, shape, seed):
    """Output and every gradient of a module with and without checkpointing, same weights and input:
    the worst relative difference. The recomputation reruns the same CPU kernels on the same inputs
    and hands back the saved outputs unchanged, so this is expected to be 0. Also returns the
    checkpointed module's output."""
    results = []
    for module in (plain, checkpointed):
        module.train()
        x = _input(shape, seed)
        out = module(x)
        out.float().square().mean().backward()
        params = [p.grad for _, p in sorted(module.named_parameters())]
        assert all(g is not None and torch.isfinite(g.float()).all() for g in params)
        results.append([out, x.grad] + params)
    worst = 0.0
    for a, b in zip(*results):
        worst = max(worst, ((a.float() - b.float()).abs().max() / b.float().abs().max().clamp_min(1e-30)).item())
    return worst, results[1][0]


ATTENTION_WORDS = {True: "FlashAttention (stand-in for SDPA's flash kernel)",
                   False: "unfused attention (bmm, fused scale-mask-softmax, bmm; what SDPA's math backend runs)"}


def cases(llama_layer, llama_model, scenario, shape_id, shapes, seed, backward_shape):
    """The op and every-k cases. llama_layer(shape, recompute, fused, flash, seed) builds an initialised
    layer; llama_model(shape, layers) a scenario model group; scenario(model, shape, recompute, fused,
    flash, every) a scenario; shape_id(shape) the shape's part of a case id."""
    out = []
    for index, shape in enumerate(shapes):
        s, b, h, a, kv, d, f = (shape[k] for k in ("s", "b", "h", "a", "kv", "d", "f"))
        for flash in (False, True):
            t0 = time.time()
            total, breakdown, log = measure_op(llama_layer(shape, "none", False, flash, seed), shape, seed + 3)
            mms = [r for r in log if r["op"] == str(aten.mm.default)]
            assert len(mms) == 7 and [r["saved"] for r in mms] == [True, False] * 3 + [True]
            note = ""
            if index == backward_shape:
                # nn.Sequential's parameter names sort as OpCheckpointed's do ("0." vs "layer." prefixes)
                plain = nn.Sequential(llama_layer(shape, "none", False, flash, seed))
                wrapped = OpCheckpointed(llama_layer(shape, "none", False, flash, seed))
                err, checked = _worst_gradient_error(plain, wrapped, shape, seed + 3)
                assert err == 0.0, "op-level checkpointing changed the gradients: %.3g" % err
                note = "; backward reran %d ops and took %d saved outputs; gradients identical to the unchecked " \
                       "layer's" % checked.grad_fn.recompute_counts
            out.append({
                "id": "llama-%s-op-%s-eager" % (shape_id(shape), "flash" if flash else "noflash"),
                "what": "Llama-style layer (RMSNorm, RoPE, GQA %d/%d heads, head dim %d, eager SwiGLU, %s), s %d, "
                        "b %d, h %d, ffn %d, bf16, op-level selective checkpointing with torchtitan's policy (kept: "
                        "the layer input and the outputs of aten.mm calls 1, 3, 5, 7 = q, v, gate, down%s; the rest "
                        "recomputed)" % (a, kv, d, ATTENTION_WORDS[flash], s, b, h, f,
                                         ", and of the flash kernel" if flash else ""),
                "scenario": scenario(llama_model(shape, 12), shape, "op", False, flash, None),
                "quantity": "memory.activations_per_layer",
                "measured": total, "unit": "bytes", "tolerance": 0.03,
                "breakdown": breakdown,
            })
            print("%-52s %12d bytes  (%d aten ops, %d saved%s; %.1f s)"
                  % (out[-1]["id"], total, len(log), sum(r["saved"] for r in log), note, time.time() - t0))

    # (shape index, layers, k, fused SwiGLU, flash): both k of the issue, each attention and SwiGLU kind.
    for index, n, k, fused, flash in ((0, 4, 2, False, False), (1, 6, 3, True, False), (2, 6, 2, False, True)):
        shape = shapes[index]
        t0 = time.time()
        make = lambda recompute, i: llama_layer(shape, recompute, fused, flash, seed + i)  # noqa: E731
        total, per_layer = measure_stack(EveryKthStack(make, n, k), shape, seed + 3)
        unchecked = EveryKthStack(lambda _recompute, i: make("none", i), n, k)  # same weights, no checkpoint
        err, _ = _worst_gradient_error(unchecked, EveryKthStack(make, n, k), shape, seed + 3)
        assert err == 0.0, "checkpointing every %d-th layer changed the gradients: %.3g" % (k, err)
        s, b, h, a, kv, d, f = (shape[key] for key in ("s", "b", "h", "a", "kv", "d", "f"))
        measured = total / n
        out.append({
            "id": "llama-%s-n%d-every%d-%s-%s" % (shape_id(shape), n, k, "flash" if flash else "noflash",
                                               "fused" if fused else "eager"),
            "what": "Stack of %d Llama-style layers (RMSNorm, RoPE, GQA %d/%d heads, head dim %d, %s SwiGLU, %s), "
                    "s %d, b %d, h %d, ffn %d, bf16, layers %s fully checkpointed (every k-th, k %d), the others not: "
                    "bytes the stack keeps / %d" % (n, a, kv, d, "fused" if fused else "eager", ATTENTION_WORDS[flash],
                                                    s, b, h, f, ", ".join(str(i) for i in range(k, n + 1, k)), k, n),
            "scenario": scenario(llama_model(shape, n), shape, "every-k", fused, flash, k),
            "quantity": "memory.activations_per_layer",
            "measured": int(measured) if measured == int(measured) else measured, "unit": "bytes", "tolerance": 0.03,
            "breakdown": per_layer,
        })
        print("%-52s %12d bytes per layer (%d in the stack; gradients identical; %.1f s)"
              % (out[-1]["id"], measured, total, time.time() - t0))
    return out


METHOD = (
    " Checkpointing policies beyond these (the *-op-* and *-every* cases; validation/engine_checkpoint_policies.py): "
    "op = PyTorch's op-level selective activation checkpointing with torchtitan's policy (torchtitan commit "
    "9dec370, torchtitan/parallelisms/parallelize_llama.py: _save_list = aten.mm, "
    "aten._scaled_dot_product_efficient_attention, aten._scaled_dot_product_flash_attention, "
    "_c10d_functional.reduce_scatter_tensor, aten.abs, aten.max; _custom_policy saves the outputs of those ops "
    "except every second aten.mm, counting mm calls from 1 in a fresh counter for each checkpointed block, so per "
    "layer; everything else is recomputed; ptd_checkpoint_wrapper keeps the block input). PyTorch 1.13 lacks "
    "create_selective_checkpoint_contexts, so the same mechanism is built from a TorchDispatchMode (which 1.13 "
    "has): an autograd Function runs the whole Llama layer without a graph under a mode that sees every aten op "
    "in call order (nn.Linear on the (s, b, h) input dispatches aten.mm: q, k, v, o, gate, up, down, in "
    "torchtitan's wq, wk, wv, wo, w1, w3, w2 order), applies torchtitan's policy function unchanged to each op, "
    "and keeps the outputs of the ops it must save; it saves the layer input and those outputs with "
    "save_for_backward (PyTorch 2 keeps the same tensors in the checkpoint frame and the input in its "
    "closure: the same bytes). Backward reruns the layer under a mode that hands back the kept outputs in place "
    "of those ops and runs every other op again; all kept outputs must be used, in order, and the output and "
    "every gradient equal the unchecked layer's exactly (checked at the s 1024 shape). The counted bytes are "
    "the distinct storages saved, as above: the layer input 2sbh and the outputs of mm calls 1, 3, 5, 7 (x @ "
    "q_proj^T 2sb*ad, x @ v_proj^T 2sb*kd, x @ gate_proj^T 2sbf, act @ down_proj^T 2sbh). Attention: with "
    "flash (torchtitan calls F.scaled_dot_product_attention; CUDA picks the flash kernel in bf16), which 1.13 "
    "lacks, a FlashAttention autograd Function stands in for aten._scaled_dot_product_flash_attention and is "
    "one op of the policy: it returns what that op returns for backward, the output (stored (s, b, a, d) bf16, "
    "the storage o_proj reads as a view) and the fp32 log-sum-exp (b, a, s), and saves q, k, v, output and "
    "log-sum-exp (what the flash backward reads; its backward rebuilds the probabilities from the log-sum-exp "
    "and is checked against PyTorch's ops like the other Functions); the ops inside it are not ops of the "
    "policy. Kept: 2sb*ad + 4abs bytes; the flash op's other outputs (cumulative sequence lengths, max lengths, "
    "the Philox seed and offset: empty or 8-byte scalars) are not counted. Without flash the layer's own "
    "attention runs (bmm, the scale-mask-softmax Function, bmm: what SDPA's math backend runs); none of its "
    "ops is in the save list, so all of it is recomputed. The reduce-scatter entry only matters under tensor "
    "parallelism and aten.abs / aten.max only under float8 scaling; neither op runs in these layers. "
    "every-k (torchtitan selective_ac_option = k): a stack of N Llama layers with their own weights, layer i "
    "(from 1) wrapped in reentrant torch.utils.checkpoint (its input only; torchtitan's ptd_checkpoint_wrapper "
    "is non-reentrant and keeps the same input) when i % k == 0, as torchtitan's "
    "ptd_checkpoint_wrapper._count % ac_freq == 0 picks blocks k, 2k, ...; the whole stack's forward runs "
    "under one meter, its bytes divided by N (N a multiple of k) are compared with ShardScope's "
    "memory.activations_per_layer, which for every-k is the average over the layers (input/k + "
    "everything*(1 - 1/k)); the scenario's model has N layers. The breakdown lists each layer's bytes; a "
    "backward through the stack gives exactly the unchecked stack's gradients."
)
