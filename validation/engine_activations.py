#!/usr/bin/env python3
"""Bytes one transformer layer saves for backward, measured in PyTorch on the CPU.

For a Megatron-style GPT layer and a Llama-style layer (validation/engine_common.py), in bf16, at
several shapes and under no, selective and full recomputation: the forward pass of ONE layer runs
under torch.autograd.graph.saved_tensors_hooks, and every distinct storage autograd saves is
counted once, parameters and registered buffers excluded. The result is compared with ShardScope's
memory.activations_per_layer (core/memory/activations.cpp). The Llama layer (also with q/k/v biases)
and the GPT layer are also measured under op-level selective checkpointing with torchtitan's policy
(validation/engine_checkpoint_policies.py), and stacks of Llama layers with every k-th layer
checkpointed (validation/engine_checkpoint_stacks.py).

Before measuring, the custom autograd Functions (LayerNorm, RMSNorm, scale-mask-softmax, RoPE,
SwiGLU, the FlashAttention stand-in) are checked against PyTorch's own ops: forward outputs and all
gradients of a small layer must agree, so the tensors they save are really all their backward needs.
One backward pass of every measured variant also runs at the s 1024 shape.

Usage: /usr/bin/python3 validation/engine_activations.py [--out validation/results/engine_activations.json]
"""
import math
import time
import types

import torch
import torch.nn.functional as F

import engine_checkpoint_policies as policies
import engine_checkpoint_stacks as stacks
import engine_common as ec
import engine_layers as el

SCRIPT = "validation/engine_activations.py"
SEED = 20261201
BF16 = torch.bfloat16

# (s, b, h, a); f = 4h. Chosen so 5as/h (the quadratic term's weight) spans 20 to 80.
GPT_SHAPES = [(256, 2, 512, 8), (512, 1, 384, 6), (1024, 1, 256, 4)]
# Llama-style shapes with grouped-query attention: one with a head dimension other than h/a
# (query width a*d = 640 != h), one with 3 query heads per kv head, one multi-query (kv = 1).
LLAMA_SHAPES = [
    {"s": 256, "b": 2, "h": 512, "a": 8, "kv": 2, "d": 80, "f": 1408},
    {"s": 512, "b": 1, "h": 384, "a": 6, "kv": 2, "d": 64, "f": 1024},
    {"s": 1024, "b": 1, "h": 256, "a": 4, "kv": 1, "d": 64, "f": 704},
]
# The GEMMs of PyTorch 1.13's CPU bf16 path run at about 1.5 GFLOP/s here, so the hidden sizes are
# small; the saved bytes are exact functions of the shape, so nothing is lost. One backward pass per
# variant runs at the cheapest shape (the last).
BACKWARD_SHAPE = 2
GPT_LAYERS, GPT_VOCAB, GPT_MAX_POSITIONS = 12, 50304, 2048
LLAMA_LAYERS, LLAMA_VOCAB = 12, 32000

METHOD = (
    "The forward pass of ONE transformer layer (torch.bfloat16 parameters and input, training mode) runs "
    "under torch.autograd.graph.saved_tensors_hooks; the pack hook records every tensor autograd saves for "
    "backward and the result is the sum of the sizes of the distinct storages saved (each storage counted "
    "once, keyed on its data pointer, size = storage nbytes), excluding the layer's parameters and registered "
    "buffers (matched by storage; weights saved by the GEMMs as W^T views and the RoPE cos/sin tables are "
    "therefore not activations). The layer input x (s, b, h) requires grad and IS counted: the first norm "
    "saves it, as ShardScope charges each layer its own input (2sbh) and not its output (the next layer's "
    "input); under full recomputation the reentrant checkpoint saves exactly that input. Layers are "
    "sequence-first (s, b, h) as Megatron-LM lays out activations. Shapes are small because PyTorch 1.13's CPU bf16 "
    "GEMMs are slow; the bytes saved depend only on the shape. "
    "GPT (Megatron-LM, Korthikanti et al. 2022 §4.1): Apex-FusedLayerNorm-like autograd Function saving "
    "its input and fp32 mean and rstd (8 bytes/token); one fused QKV GEMM (bias) whose output (s, b, np, "
    "3hn) holds q, k and v, used as views by torch.bmm, so Q, K and V are one 6sbh storage; Q K^T by "
    "torch.bmm; a fused scale-causal-mask-softmax autograd Function saving only its output (Megatron's "
    "ScaledUpperTriangMaskedSoftmax; the 1/sqrt(d) scale and the mask are applied inside, nothing else is "
    "saved); dropout p 0.1 through torch.native_dropout, which saves a 1-byte bool mask (the op CUDA "
    "dropout runs; CPU F.dropout would instead save a bf16 noise tensor, so it is not used); probs @ V "
    "by torch.bmm (saves the dropout output and V); output projection, dropout, residual; LayerNorm, fc1 "
    "(4h, bias), GeLU (saves its input), fc2, dropout, residual. "
    "Llama: RMSNorm autograd Function saving its input and fp32 rstd (4 bytes/token); q/k/v projections "
    "without bias (all three save the same norm output: one storage); a fused RoPE autograd Function "
    "that saves only cos/sin (registered buffers, shared constants, excluded) and writes q and k head-major "
    "(b, n, s, d); grouped-query attention without repeating K/V: the g = a/kv query heads of each kv head "
    "are stacked along the rows, Q (b*kv, g*s, d) @ K^T (b*kv, d, s), so Q (2sb*a*d), K (2sb*kv*d) and V "
    "(a view of v_proj's output, 2sb*kv*d) are each saved once and no expanded copy exists; the same "
    "fused scale-causal-mask-softmax (its output is also what probs @ V saves: one 2as^2b storage); no "
    "dropout; o_proj, residual, RMSNorm, gate/up projections, SwiGLU either eager (F.silu(gate) * up: "
    "saves gate, silu(gate) and up) or a fused autograd Function saving only gate and up "
    "(ShardScope fused_swiglu true), down projection, residual. "
    "Inside the autograd Functions the arithmetic is fp32 and results are stored as bf16 (PyTorch 1.13's "
    "CPU bf16 coverage is incomplete; the fused CUDA kernels also compute in fp32). Each Function's "
    "backward is checked against PyTorch's own ops (F.layer_norm, softmax with a mask, repeat_interleave "
    "GQA, rotate-half RoPE) on a small fp32 layer: outputs and every gradient agree, so what they save "
    "suffices. Recomputation: none; selective = the core attention (Q K^T, softmax, dropout, @V) inside "
    "reentrant torch.utils.checkpoint, which saves its inputs q, k, v; full = the whole layer inside "
    "reentrant torch.utils.checkpoint, which saves only x. One backward pass of every variant runs at the "
    "s 1024 shape to show the layer trains. "
    "Term by term this equals ShardScope's Table-2 accounting exactly, so the expected ratio is 1: "
    "GPT 34sbh + 5as^2b + 16sb (norm statistics), i.e. norm inputs 4sbh (x and the residual sum), QKV "
    "input 2sbh, Q K V 6sbh, softmax output 2as^2b, its dropout mask as^2b and dropout output 2as^2b, "
    "out-projection input 2sbh, two dropout masks 2sbh, fc1 input 2sbh, GeLU input 8sbh, fc2 input 8sbh; "
    "Llama 4sbh + 8sb + 2sbh + 2sb(ad+kd) + 2sb kd + 2as^2b + 2sb ad + 2sbh + (6 or 4)sbf + 2sbf. "
    "The breakdown lists bytes per region of the layer, the autograd nodes and saved fields that hold each "
    "storage, and its dtype."
) + policies.METHOD + stacks.METHOD


def rng(seed):
    return torch.Generator().manual_seed(seed)


def init_layer(layer, seed):
    """Deterministic weights: normal(0, 0.02) for matrices, small random norm weights and biases."""
    g = rng(seed)
    with torch.no_grad():
        for name, p in sorted(layer.named_parameters()):
            if p.dim() >= 2:
                p.copy_(torch.randn(p.shape, generator=g) * 0.02)
            elif name.endswith("weight"):
                p.copy_(1.0 + 0.1 * torch.randn(p.shape, generator=g))
            else:
                p.copy_(0.1 * torch.randn(p.shape, generator=g))
    return layer


def gpt_layer(h, a, recompute, dtype=BF16, dropout_p=0.1):
    return init_layer(el.GptLayer(h, a, 4 * h, dropout_p=dropout_p, recompute=recompute, dtype=dtype), SEED)


def llama_layer(shape, recompute, fused, dtype=BF16, max_positions=None, flash=False, seed=SEED, qkv_bias=False):
    """flash: core attention by the FlashAttention stand-in (engine_checkpoint_policies.py).
    qkv_bias: q/k/v projections with biases (Qwen2-style), nn.Linear(bias=True) in their place."""
    rotary = el.RotaryTable(shape["d"], max_positions or shape["s"])
    kind = policies.FlashLlamaLayer if flash else el.LlamaLayer
    layer = kind(shape["h"], shape["a"], shape["kv"], shape["d"], shape["f"], rotary,
                 recompute=recompute, fused_swiglu=fused, dtype=dtype)
    if qkv_bias:
        for name, heads in (("q_proj", shape["a"]), ("k_proj", shape["kv"]), ("v_proj", shape["kv"])):
            setattr(layer, name, torch.nn.Linear(shape["h"], heads * shape["d"], bias=True, dtype=dtype))
    return init_layer(layer, seed)


# --------------------------------------------------------------------------------------------
# References built from PyTorch's own ops, for checking the autograd Functions' backward
# --------------------------------------------------------------------------------------------

def _reference_attention(q, k, v):
    """q (b, a, s, d), k and v (b, a, s, d): causal softmax attention with PyTorch's ops."""
    s, d = q.shape[2], q.shape[3]
    scores = q @ k.transpose(-1, -2) / math.sqrt(d)
    mask = torch.ones(s, s, dtype=torch.bool).triu(1)
    return torch.softmax(scores.masked_fill(mask, float("-inf")), dim=-1) @ v


def gpt_reference(layer, x):
    s, b, h = x.shape
    a, d = layer.heads, layer.head_dim
    y = F.layer_norm(x, (h,), layer.attention_norm.weight, layer.attention_norm.bias, layer.attention_norm.eps)
    qkv = F.linear(y, layer.qkv.weight, layer.qkv.bias).view(s, b, a, 3 * d)
    q, k, v = (t.permute(1, 2, 0, 3) for t in qkv.split(d, dim=-1))
    context = _reference_attention(q, k, v).permute(2, 0, 1, 3).reshape(s, b, h)
    x = x + F.linear(context, layer.out_proj.weight, layer.out_proj.bias)
    y = F.layer_norm(x, (h,), layer.mlp_norm.weight, layer.mlp_norm.bias, layer.mlp_norm.eps)
    return x + F.linear(F.gelu(F.linear(y, layer.fc1.weight, layer.fc1.bias)), layer.fc2.weight, layer.fc2.bias)


def _reference_rms(x, norm):
    return x * torch.rsqrt(x.square().mean(dim=-1, keepdim=True) + norm.eps) * norm.weight


def _reference_rope(x, cos, sin):
    """x (s, b, n, d): the rotate-half formulation, with PyTorch's ops."""
    s, d = x.shape[0], x.shape[-1]
    c, sn = cos[:s].view(s, 1, 1, d), sin[:s].view(s, 1, 1, d)
    x1, x2 = x.chunk(2, dim=-1)
    return x * c + torch.cat((-x2, x1), dim=-1) * sn


def llama_reference(layer, x):
    s, b, h = x.shape
    a, kv, d = layer.heads, layer.kv_heads, layer.head_dim
    y = _reference_rms(x, layer.attention_norm)
    q = _reference_rope(F.linear(y, layer.q_proj.weight).view(s, b, a, d), layer.rotary.cos, layer.rotary.sin)
    k = _reference_rope(F.linear(y, layer.k_proj.weight).view(s, b, kv, d), layer.rotary.cos, layer.rotary.sin)
    v = F.linear(y, layer.v_proj.weight).view(s, b, kv, d)
    q = q.permute(1, 2, 0, 3)
    k = k.permute(1, 2, 0, 3).repeat_interleave(a // kv, dim=1)  # Hugging Face's repeat_kv
    v = v.permute(1, 2, 0, 3).repeat_interleave(a // kv, dim=1)
    context = _reference_attention(q, k, v).permute(2, 0, 1, 3).reshape(s, b, a * d)
    x = x + F.linear(context, layer.o_proj.weight)
    y = _reference_rms(x, layer.mlp_norm)
    act = F.silu(F.linear(y, layer.gate_proj.weight)) * F.linear(y, layer.up_proj.weight)
    return x + F.linear(act, layer.down_proj.weight)


def check_against_reference():
    """Small fp32 layers without dropout: outputs and all gradients of the layers built from the
    autograd Functions must match the references built from PyTorch's ops."""
    layers = [("gpt", gpt_layer(32, 4, "none", dtype=torch.float32, dropout_p=0.0), gpt_reference)]
    small = {"s": 16, "b": 2, "h": 32, "a": 6, "kv": 2, "d": 12, "f": 48}
    for fused in (False, True):
        layers.append(("llama-fused" if fused else "llama-eager",
                       llama_layer(small, "none", fused, dtype=torch.float32), llama_reference))
    layers.append(("llama-flash", llama_layer(small, "none", False, dtype=torch.float32, flash=True), llama_reference))
    worst = 0.0
    for name, layer, reference in layers:
        h = layer.hidden
        x = torch.randn(16, 2, h, generator=rng(SEED + 1), dtype=torch.float32, requires_grad=True)
        grad_out = torch.randn(16, 2, h, generator=rng(SEED + 2), dtype=torch.float32)
        params = [p for _, p in sorted(layer.named_parameters())]
        got = layer(x)
        want = reference(layer, x)
        got_grads = torch.autograd.grad(got, [x] + params, grad_out)
        want_grads = torch.autograd.grad(want, [x] + params, grad_out)
        for g, w in zip((got,) + got_grads, (want,) + want_grads):
            err = ((g - w).abs().max() / w.abs().max().clamp_min(1e-30)).item()
            worst = max(worst, err)
            if err > 1e-4:
                raise AssertionError("%s: custom autograd Functions disagree with PyTorch's ops (%.3g)" % (name, err))
    print("autograd Functions match PyTorch's ops: worst relative error %.2e" % worst)


# --------------------------------------------------------------------------------------------
# Measurement
# --------------------------------------------------------------------------------------------

def measure(layer, s, b, h, run_backward):
    layer.train()
    torch.manual_seed(SEED)  # dropout masks
    x = torch.randn(s, b, h, generator=rng(SEED + 3), dtype=BF16).requires_grad_()
    with ec.SavedTensorMeter(layer) as meter:
        out = layer(x)
    total = meter.total()
    breakdown = meter.breakdown(out)
    assert sum(breakdown.values()) == total
    if run_backward:
        out.float().square().mean().backward()
        assert x.grad is not None and torch.isfinite(x.grad.float()).all()
        assert all(p.grad is not None and torch.isfinite(p.grad.float()).all() for p in layer.parameters())
    return total, breakdown


def scenario(model, s, b, recompute, fused_swiglu, flash=False, every=None):
    training = {"seq_len": s, "micro_batch": b, "global_batch": b, "precision": "bf16-mixed",
                "grad_dtype": "bf16", "optimizer": "adamw", "recompute": recompute,
                "flash_attention": "on" if flash else "off", "norm_statistics": True, "fused_swiglu": fused_swiglu}
    if every is not None:
        training["recompute_every"] = every
    return {"model": model, "training": training, "parallel": {"gpus": 1, "dp": 1, "tp": 1, "pp": 1, "zero": 0}}


def llama_model(shape, layers=LLAMA_LAYERS, qkv_bias=False):
    group = ec.model_group(layers, shape["h"], shape["a"], shape["kv"], shape["d"], shape["f"], LLAMA_VOCAB, "swiglu",
                           "rmsnorm", tied_embeddings=False, dropout=False, bias=False, position="rotary")
    group["qkv_bias"] = qkv_bias
    return group


def gpt_model(h, a):
    return ec.model_group(GPT_LAYERS, h, a, a, h // a, 4 * h, GPT_VOCAB, "gelu", "layernorm", tied_embeddings=True,
                          dropout=True, bias=True, position="learned", max_positions=GPT_MAX_POSITIONS)


def llama_shape_id(shape):
    return "s%d-b%d-h%d-a%d-kv%d-d%d-f%d" % tuple(shape[k] for k in ("s", "b", "h", "a", "kv", "d", "f"))


RECOMPUTE_WORDS = {"none": "no recomputation", "selective": "selective recomputation (core attention)",
                   "full": "full recomputation"}


def main():
    args = ec.out_path_argument("engine_activations.json", __doc__.splitlines()[0]).parse_args()
    torch.manual_seed(SEED)
    started = time.time()
    check_against_reference()
    cases = []

    for index, (s, b, h, a) in enumerate(GPT_SHAPES):
        model = gpt_model(h, a)
        for recompute in ("none", "selective", "full"):
            t0 = time.time()
            total, breakdown = measure(gpt_layer(h, a, recompute), s, b, h, run_backward=index == BACKWARD_SHAPE)
            cases.append({
                "id": "gpt-s%d-b%d-h%d-a%d-%s" % (s, b, h, a, recompute),
                "what": "Megatron-style GPT layer (LayerNorm, GeLU, dropout 0.1), s %d, b %d, h %d, a %d, bf16, %s"
                        % (s, b, h, a, RECOMPUTE_WORDS[recompute]),
                "scenario": scenario(model, s, b, recompute, False),
                "quantity": "memory.activations_per_layer",
                "measured": total, "unit": "bytes", "tolerance": 0.03,
                "breakdown": breakdown,
            })
            print("%-40s %12d bytes  (%.1f s)" % (cases[-1]["id"], total, time.time() - t0))

    for index, shape in enumerate(LLAMA_SHAPES):
        s, b, h, a, kv, d, f = (shape[k] for k in ("s", "b", "h", "a", "kv", "d", "f"))
        model = llama_model(shape)
        for recompute, fused in (("none", False), ("none", True), ("selective", False), ("selective", True),
                                 ("full", False)):
            t0 = time.time()
            total, breakdown = measure(llama_layer(shape, recompute, fused), s, b, h,
                                       run_backward=index == BACKWARD_SHAPE)
            swiglu = "fused SwiGLU" if fused else "eager SwiGLU"
            cases.append({
                "id": "llama-%s-%s-%s" % (llama_shape_id(shape), recompute, "fused" if fused else "eager"),
                "what": "Llama-style layer (RMSNorm, RoPE, GQA %d/%d heads, head dim %d, %s, no dropout), s %d, b %d, "
                        "h %d, ffn %d, bf16, %s" % (a, kv, d, swiglu, s, b, h, f, RECOMPUTE_WORDS[recompute]),
                "scenario": scenario(model, s, b, recompute, fused),
                "quantity": "memory.activations_per_layer",
                "measured": total, "unit": "bytes", "tolerance": 0.03,
                "breakdown": breakdown,
            })
            print("%-40s %12d bytes  (%.1f s)" % (cases[-1]["id"], total, time.time() - t0))

    build = types.SimpleNamespace(
        llama_layer=lambda shape, recompute, fused, flash, seed, qkv_bias=False: llama_layer(
            shape, recompute, fused, flash=flash, seed=seed, qkv_bias=qkv_bias),
        llama_model=llama_model, shape_id=llama_shape_id,
        scenario=lambda model, shape, recompute, fused, flash, every: scenario(model, shape["s"], shape["b"], recompute,
                                                                               fused, flash, every),
        gpt_layer=lambda h, a: gpt_layer(h, a, "none"), gpt_model=gpt_model, gpt_shape=GPT_SHAPES[0])
    cases += policies.cases(build, LLAMA_SHAPES, SEED, BACKWARD_SHAPE)
    cases += stacks.cases(build, LLAMA_SHAPES, SEED)

    ec.write_results(args.out, SCRIPT, METHOD, cases)
    print("%.1f s in all" % (time.time() - started))


if __name__ == "__main__":
    main()
