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
  The Llama layer is measured without and with q/k/v biases, and the biased GPT layer too: a biased
  nn.Linear dispatches aten.addmm, which torchtitan's _save_list lacks.
* every-k (torchtitan's selective_ac_option = k) is in engine_checkpoint_stacks.py, which shares
  this module's input, gradient check and attention wording.

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
        if func in (aten.mm.default, aten.addmm.default):  # mm(x, W^T), addmm(bias, x, W^T)
            weight = self.weight_names.get(ec.storage_of(args[1 if func == aten.mm.default else 2])[0])
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
    backward restores the forward's RNG state (preserve_rng_state: dropout draws the same masks), reruns
    `run` under the replay mode with grad enabled and backpropagates through it."""

    @staticmethod
    def forward(ctx, run, weight_names, x):
        policy = TorchtitanPolicy()
        storage = defaultdict(list)
        mode = SacMode(policy, storage, False, weight_names)
        ctx.rng_state = torch.get_rng_state()  # for dropout in the recomputation (preserve_rng_state)
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
            with torch.random.fork_rng(devices=[]):
                torch.set_rng_state(ctx.rng_state)
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
# Measurement
# --------------------------------------------------------------------------------------------

BF16 = torch.bfloat16


def input_tensor(shape, seed):
    g = torch.Generator().manual_seed(seed)
    return torch.randn(shape["s"], shape["b"], shape["h"], generator=g, dtype=BF16).requires_grad_()


def measure_op(layer, shape, seed):
    """Bytes an op-checkpointed layer keeps, with a breakdown by op; also the forward's op log."""
    wrapped = OpCheckpointed(layer)
    wrapped.train()
    x = input_tensor(shape, seed)
    with ec.SavedTensorMeter(wrapped) as meter:
        out = wrapped(x)
    total = meter.total()
    breakdown = op_breakdown(meter, out)
    assert sum(breakdown.values()) == total
    return total, breakdown, out.grad_fn.log


def worst_gradient_error(plain, checkpointed, shape, seed):
    """Output and every gradient of a module with and without checkpointing, same weights, input and
    dropout masks (the RNG is reseeded for each): the worst relative difference. The recomputation
    reruns the same CPU kernels on the same inputs and hands back the saved outputs unchanged, so this
    is expected to be 0. Also returns the checkpointed module's output."""
    results = []
    for module in (plain, checkpointed):
        module.train()
        x = input_tensor(shape, seed)
        torch.manual_seed(seed)
        out = module(x)
        out.float().square().mean().backward()
        params = [p.grad for _, p in sorted(module.named_parameters())]
        assert all(g is not None and torch.isfinite(g.float()).all() for g in params)
        results.append([out, x.grad] + params)
    worst = 0.0
    for a, b in zip(*results):
        worst = max(worst, ((a.float() - b.float()).abs().max() / b.float().abs().max().clamp_min(1e-30)).item())
    return worst, results[1][0]


def _op_case(make_layer, shape, seed, gemms, check_backward):
    """Measures one op-checkpointed layer; `gemms` the (op, weight, saved?) its GEMMs must show, in order.
    With check_backward, a backward must give exactly the unchecked layer's output and gradients."""
    t0 = time.time()
    total, breakdown, log = measure_op(make_layer(), shape, seed)
    got = [(r["op"].split(".")[1], r["weight"].split(".")[0], r["saved"]) for r in log if r["op"] in GEMMS]
    assert got == gemms, got
    note = ""
    if check_backward:
        # nn.Sequential's parameter names sort as OpCheckpointed's do ("0." vs "layer." prefixes)
        err, checked = worst_gradient_error(nn.Sequential(make_layer()), OpCheckpointed(make_layer()), shape, seed)
        assert err == 0.0, "op-level checkpointing changed the gradients: %.3g" % err
        note = "; backward reran %d ops and took %d saved outputs; gradients identical to the unchecked " \
               "layer's" % checked.grad_fn.recompute_counts
    summary = "%d aten ops, %d saved%s; %.1f s" % (len(log), sum(r["saved"] for r in log), note, time.time() - t0)
    return total, breakdown, summary


ATTENTION_WORDS = {True: "FlashAttention (stand-in for SDPA's flash kernel)",
                   False: "unfused attention (bmm, fused scale-mask-softmax, bmm; what SDPA's math backend runs)"}
GEMMS = {str(aten.mm.default), str(aten.addmm.default)}
LLAMA_WEIGHTS = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")


def _llama_gemms(qkv_bias):
    """(op, weight, kept?) of the Llama layer's GEMMs: odd-numbered mm calls are kept. With q/k/v biases
    those three dispatch aten.addmm, which _save_list lacks, so the mm count starts at o_proj."""
    first_mm = 3 if qkv_bias else 0
    return [("addmm", w, False) if i < first_mm else ("mm", w, (i - first_mm) % 2 == 0)
            for i, w in enumerate(LLAMA_WEIGHTS)]


def cases(build, shapes, seed, backward_shape):
    """The op cases. build: llama_layer(shape, recompute, fused, flash, seed, qkv_bias=False) an initialised
    layer; llama_model(shape, layers, qkv_bias=False) a scenario model group; scenario(model, shape,
    recompute, fused, flash, every) a scenario; shape_id(shape) the shape's part of a case id;
    gpt_layer(h, a) an initialised GPT layer, gpt_model(h, a) its model group, gpt_shape its (s, b, h, a)."""
    out = []
    llama = [(index, flash, False) for index in range(len(shapes)) for flash in (False, True)] + [(0, False, True)]
    for index, flash, bias in llama:
        shape = shapes[index]
        s, b, h, a, kv, d, f = (shape[k] for k in ("s", "b", "h", "a", "kv", "d", "f"))
        total, breakdown, summary = _op_case(
            lambda: build.llama_layer(shape, "none", False, flash, seed, qkv_bias=bias), shape, seed + 3,
            _llama_gemms(bias), check_backward=index == backward_shape or bias)
        kept = ("mm calls 1, 3 = o, up (q/k/v are biased nn.Linear: aten.addmm, not in the save list, so the mm "
                "count starts at o_proj)" if bias else "mm calls 1, 3, 5, 7 = q, v, gate, down")
        out.append({
            "id": "llama-%s-%sop-%s-eager" % (build.shape_id(shape), "qkvbias-" if bias else "",
                                              "flash" if flash else "noflash"),
            "what": "%sLlama-style layer (RMSNorm, RoPE, GQA %d/%d heads, head dim %d, eager SwiGLU, %s), s %d, "
                    "b %d, h %d, ffn %d, bf16, op-level selective checkpointing with torchtitan's policy (kept: "
                    "the layer input and the outputs of aten.%s%s; the rest recomputed)"
                    % ("Qwen2-style (q/k/v biases) " if bias else "", a, kv, d, ATTENTION_WORDS[flash], s, b, h, f,
                       kept, ", and of the flash kernel" if flash else ""),
            "scenario": build.scenario(build.llama_model(shape, 12, qkv_bias=bias), shape, "op", False, flash, None),
            "quantity": "memory.activations_per_layer",
            "measured": total, "unit": "bytes", "tolerance": 0.03,
            "breakdown": breakdown,
        })
        print("%-52s %12d bytes  (%s)" % (out[-1]["id"], total, summary))

    s, b, h, a = build.gpt_shape
    shape = {"s": s, "b": b, "h": h}
    total, breakdown, summary = _op_case(lambda: build.gpt_layer(h, a), shape, seed + 3,
                                         [("addmm", w, False) for w in ("qkv", "out_proj", "fc1", "fc2")], True)
    out.append({
        "id": "gpt-s%d-b%d-h%d-a%d-op" % (s, b, h, a),
        "what": "Megatron-style GPT layer (LayerNorm, fused QKV, GeLU, dropout 0.1, biases on every linear layer), "
                "s %d, b %d, h %d, a %d, bf16, op-level selective checkpointing with torchtitan's policy (every "
                "GEMM is a biased nn.Linear, which dispatches aten.addmm, not in the save list, and attention "
                "runs as bmm: nothing is saved but the layer input)" % (s, b, h, a),
        "scenario": build.scenario(build.gpt_model(h, a), shape, "op", False, False, None),
        "quantity": "memory.activations_per_layer",
        "measured": total, "unit": "bytes", "tolerance": 0.03,
        "breakdown": breakdown,
    })
    print("%-52s %12d bytes  (%s)" % (out[-1]["id"], total, summary))
    return out


METHOD = (
    " Checkpointing policies beyond these (the *-op* cases, validation/engine_checkpoint_policies.py, and the "
    "*-every* cases): "
    "op = PyTorch's op-level selective activation checkpointing with torchtitan's policy (torchtitan commit "
    "9dec370, torchtitan/parallelisms/parallelize_llama.py: _save_list = aten.mm, "
    "aten._scaled_dot_product_efficient_attention, aten._scaled_dot_product_flash_attention, "
    "_c10d_functional.reduce_scatter_tensor, aten.abs, aten.max; _custom_policy saves the outputs of those ops "
    "except every second aten.mm, counting mm calls from 1 in a fresh counter for each checkpointed block, so per "
    "layer; everything else is recomputed; ptd_checkpoint_wrapper keeps the block input). PyTorch 1.13 lacks "
    "create_selective_checkpoint_contexts, so the same mechanism is built from a TorchDispatchMode (which 1.13 "
    "has): an autograd Function runs the whole layer without a graph under a mode that sees every aten op "
    "in call order (nn.Linear without bias on the (s, b, h) input dispatches aten.mm: q, k, v, o, gate, up, down, "
    "in torchtitan's wq, wk, wv, wo, w1, w3, w2 order), applies torchtitan's policy function unchanged to each "
    "op, and keeps the outputs of the ops it must save; it saves the layer input and those outputs with "
    "save_for_backward (PyTorch 2 keeps the same tensors in the checkpoint frame and the input in its "
    "closure: the same bytes). Backward restores the forward's RNG state (torch.utils.checkpoint's "
    "preserve_rng_state, so dropout masks repeat) and reruns the layer under a mode that hands back the kept "
    "outputs in place of those ops and runs every other op again; all kept outputs must be used, in order, and "
    "the output and every gradient equal the unchecked layer's exactly (checked at the s 1024 shape and for the "
    "biased layers). The GEMM ops each layer dispatches, their weights and which are kept are asserted. The "
    "counted bytes are the distinct storages saved, as above; for the Llama layer without biases: the layer "
    "input 2sbh and the outputs of mm calls 1, 3, 5, 7 (x @ "
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
    "Biases: nn.Linear with a bias on a contiguous (s, b, h) input dispatches aten.addmm (bias, x, W^T), which "
    "_save_list neither saves nor counts. The *-qkvbias-op-* case gives the Llama layer q/k/v biases "
    "(Qwen2-style; ShardScope model.qkv_bias true): q, k and v are recomputed, and the mm count starts at "
    "o_proj, so mm calls 1 and 3 = o (2sbh) and up (2sbf) are kept: 2sbh + 2sbh + 2sbf in all. The gpt-*-op "
    "case runs the Megatron-style GPT layer (fused QKV, out_proj, fc1, fc2 all biased: four addmm; attention "
    "by bmm; dropout through native_dropout) under the same policy: no op of it is in the save list, so only "
    "the layer input 2sbh is kept, as under full recomputation."
)
