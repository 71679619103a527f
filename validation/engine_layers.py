#!/usr/bin/env python3
"""Transformer layers and whole models in plain PyTorch for the engine measurements
(validation/engine_*.py and gpu_memory.py), mirroring the tensors ShardScope counts
(core/model/parameter_inventory.cpp) and the activations it counts (core/memory/activations.cpp):
a Megatron-style GPT layer and a Llama-style layer. The fused kernels a real training stack uses
(Apex FusedLayerNorm, Megatron's scale-mask-softmax, RoPE, SwiGLU) are small autograd Functions
that save exactly what those kernels save, each with a real backward (checked against PyTorch's own
ops by engine_activations.py). Nothing here computes anything of ShardScope's.
"""
import contextlib
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

# --------------------------------------------------------------------------------------------
# Fused kernels as autograd Functions. Each saves what the kernel it stands for saves, lists the
# names of what it saved in ctx.saved_names (the meter reports them), and computes in fp32
# internally, returning the input's dtype (PyTorch 1.13's CPU bf16 kernels are incomplete; the
# fused CUDA kernels compute in fp32 as well).
# --------------------------------------------------------------------------------------------

class LayerNormFunction(torch.autograd.Function):
    """Apex FusedLayerNormAffineFunction: saves the input, gamma, beta and fp32 mean and invvar."""

    @staticmethod
    def forward(ctx, x, weight, bias, eps):
        xf = x.float()
        mean = xf.mean(dim=-1)
        var = xf.var(dim=-1, unbiased=False)
        rstd = torch.rsqrt(var + eps)
        y = (xf - mean.unsqueeze(-1)) * rstd.unsqueeze(-1) * weight.float() + bias.float()
        ctx.save_for_backward(x, weight, bias, mean, rstd)
        ctx.saved_names = ("input", "weight", "bias", "mean", "rstd")
        return y.to(x.dtype)

    @staticmethod
    def backward(ctx, grad):
        x, weight, bias, mean, rstd = ctx.saved_tensors
        g = grad.float()
        xhat = (x.float() - mean.unsqueeze(-1)) * rstd.unsqueeze(-1)
        reduce_dims = tuple(range(g.dim() - 1))
        grad_weight = (g * xhat).sum(dim=reduce_dims)
        grad_bias = g.sum(dim=reduce_dims)
        gx = g * weight.float()
        grad_x = rstd.unsqueeze(-1) * (gx - gx.mean(dim=-1, keepdim=True)
                                       - xhat * (gx * xhat).mean(dim=-1, keepdim=True))
        return grad_x.to(x.dtype), grad_weight.to(weight.dtype), grad_bias.to(bias.dtype), None


class RmsNormFunction(torch.autograd.Function):
    """A fused RMSNorm (Apex FusedRMSNorm, Transformer Engine): saves the input, gamma and fp32 rstd."""

    @staticmethod
    def forward(ctx, x, weight, eps):
        xf = x.float()
        rstd = torch.rsqrt(xf.square().mean(dim=-1) + eps)
        y = xf * rstd.unsqueeze(-1) * weight.float()
        ctx.save_for_backward(x, weight, rstd)
        ctx.saved_names = ("input", "weight", "rstd")
        return y.to(x.dtype)

    @staticmethod
    def backward(ctx, grad):
        x, weight, rstd = ctx.saved_tensors
        g = grad.float()
        xhat = x.float() * rstd.unsqueeze(-1)
        grad_weight = (g * xhat).sum(dim=tuple(range(g.dim() - 1)))
        gx = g * weight.float()
        grad_x = rstd.unsqueeze(-1) * (gx - xhat * (gx * xhat).mean(dim=-1, keepdim=True))
        return grad_x.to(x.dtype), grad_weight.to(weight.dtype), None


def _causal_mask(rows, keys, device):
    """True where a key lies after its query. Row r of the score matrix is query position r % keys
    (grouped-query layouts stack the query heads of one kv head along the rows)."""
    query_pos = torch.arange(rows, device=device) % keys
    key_pos = torch.arange(keys, device=device)
    return key_pos.unsqueeze(0) > query_pos.unsqueeze(1)


class ScaleMaskSoftmaxFunction(torch.autograd.Function):
    """Megatron's ScaledUpperTriangMaskedSoftmax: y = softmax(scale * x) with the causal mask
    applied inside the kernel; saves only its output y (the mask is rebuilt, never stored)."""

    @staticmethod
    def forward(ctx, scores, scale):
        mask = _causal_mask(scores.shape[-2], scores.shape[-1], scores.device)
        z = (scores.float() * scale).masked_fill(mask, float("-inf"))
        y = torch.softmax(z, dim=-1).to(scores.dtype)
        ctx.scale = scale
        ctx.save_for_backward(y)
        ctx.saved_names = ("softmax_output",)
        return y

    @staticmethod
    def backward(ctx, grad):
        (y,) = ctx.saved_tensors
        yf = y.float()
        g = grad.float()
        grad_scores = yf * (g - (g * yf).sum(dim=-1, keepdim=True)) * ctx.scale
        return grad_scores.to(y.dtype), None


def _rotate_half(x):
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat((-x2, x1), dim=-1)


def _rotate_half_transposed(x):
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat((x2, -x1), dim=-1)


class RotaryFunction(torch.autograd.Function):
    """A fused rotary position embedding (Su et al. 2021; Apex fused_apply_rotary_pos_emb): takes a
    projection's output (s, b, n*d), rotates each head and writes it head-major, (b, n, s, d),
    the layout the attention GEMMs read. Saves only cos and sin (the model's constant tables)."""

    @staticmethod
    def forward(ctx, x, cos, sin, heads):
        s, b, width = x.shape
        d = width // heads
        xf = x.float().view(s, b, heads, d)
        c = cos[:s].view(s, 1, 1, d)
        sn = sin[:s].view(s, 1, 1, d)
        y = xf * c + _rotate_half(xf) * sn
        ctx.heads = heads
        ctx.save_for_backward(cos, sin)
        ctx.saved_names = ("cos", "sin")
        return y.permute(1, 2, 0, 3).contiguous().to(x.dtype)

    @staticmethod
    def backward(ctx, grad):
        cos, sin = ctx.saved_tensors
        b, n, s, d = grad.shape
        g = grad.float().permute(2, 0, 1, 3)  # (s, b, n, d)
        c = cos[:s].view(s, 1, 1, d)
        sn = sin[:s].view(s, 1, 1, d)
        gx = g * c + _rotate_half_transposed(g * sn)
        return gx.reshape(s, b, n * d).to(grad.dtype), None, None, None


class SwigluFunction(torch.autograd.Function):
    """A fused SwiGLU (Megatron's bias_swiglu_impl, Transformer Engine): silu(gate) * up, saving
    only its inputs gate and up."""

    @staticmethod
    def forward(ctx, gate, up):
        gf = gate.float()
        y = F.silu(gf) * up.float()
        ctx.save_for_backward(gate, up)
        ctx.saved_names = ("gate", "up")
        return y.to(gate.dtype)

    @staticmethod
    def backward(ctx, grad):
        gate, up = ctx.saved_tensors
        gf = gate.float()
        g = grad.float()
        sig = torch.sigmoid(gf)
        silu = gf * sig
        grad_gate = g * up.float() * sig * (1 + gf * (1 - sig))
        grad_up = g * silu
        return grad_gate.to(gate.dtype), grad_up.to(up.dtype)


def dropout(x, p, training):
    """torch.native_dropout: the op PyTorch's CUDA dropout runs (is_fused_kernel_acceptable), which
    saves a one-byte bool mask. On the CPU, F.dropout multiplies by a noise tensor of the input's
    dtype instead, so the layers call native_dropout directly to measure what a GPU keeps."""
    if not training or p == 0:
        return x
    out, _mask = torch.native_dropout(x, p, True)
    return out


# --------------------------------------------------------------------------------------------
# Regions: names the meter attaches to what is saved inside them (the breakdown's first part).
# --------------------------------------------------------------------------------------------

_REGIONS = []


@contextlib.contextmanager
def region(name):
    _REGIONS.append(name)
    try:
        yield
    finally:
        _REGIONS.pop()


def current_region():
    return "/".join(_REGIONS) if _REGIONS else "(outside)"


# --------------------------------------------------------------------------------------------
# Modules
# --------------------------------------------------------------------------------------------

class LayerNorm(nn.Module):
    def __init__(self, hidden, eps=1e-5, device=None, dtype=None):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden, device=device, dtype=dtype))
        self.bias = nn.Parameter(torch.zeros(hidden, device=device, dtype=dtype))
        self.eps = eps

    def forward(self, x):
        return LayerNormFunction.apply(x, self.weight, self.bias, self.eps)


class RmsNorm(nn.Module):
    def __init__(self, hidden, eps=1e-5, device=None, dtype=None):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden, device=device, dtype=dtype))
        self.eps = eps

    def forward(self, x):
        return RmsNormFunction.apply(x, self.weight, self.eps)


class RecomputableLayer(nn.Module):
    """What the two layers share: full recomputation checkpoints the whole layer (only its input is
    kept), selective recomputation only core attention (Korthikanti et al. 2022, section 5)."""

    def _attend(self, q, k, v):
        if self.recompute == "selective":
            with region("3 core_attention"):
                return checkpoint(self.core_attention, q, k, v)
        return self.core_attention(q, k, v)

    def forward(self, x):
        if self.recompute == "full":
            with region("0 layer_input (checkpoint)"):
                return checkpoint(self._forward, x)
        return self._forward(x)


class RotaryTable(nn.Module):
    """cos/sin tables of rotary embeddings (theta 10000), registered buffers: constants of the
    model, shared by every layer, never parameters."""

    def __init__(self, head_dim, max_positions, device=None):
        super().__init__()
        if device is not None and torch.device(device).type == "meta":
            cos = torch.empty(max_positions, head_dim, device=device)
            sin = torch.empty(max_positions, head_dim, device=device)
        else:
            inv_freq = 1.0 / (10000.0 ** (torch.arange(0, head_dim, 2, dtype=torch.float64) / head_dim))
            angles = torch.outer(torch.arange(max_positions, dtype=torch.float64), inv_freq)
            angles = torch.cat((angles, angles), dim=-1)
            cos = angles.cos().float()
            sin = angles.sin().float()
        self.register_buffer("cos", cos)
        self.register_buffer("sin", sin)


def checkpoint(function, *args):
    """Reentrant activation checkpointing (torch.utils.checkpoint's default in 1.13): saves only
    the tensor arguments, reruns `function` in backward."""
    import torch.utils.checkpoint as cp
    return cp.checkpoint(function, *args, use_reentrant=True)


class GptLayer(RecomputableLayer):
    """A Megatron-LM GPT layer (Shoeybi et al. 2019; Korthikanti et al. 2022 §4.1), sequence-first
    (s, b, h) as Megatron lays out activations: pre-LayerNorm, one fused QKV GEMM whose output holds
    q, k and v per head (np, 3 hn), QK^T, fused scale-causal-mask-softmax, attention dropout,
    probabilities @ V, output projection, dropout, residual; LayerNorm, fc1 (f), GeLU, fc2, dropout,
    residual. Biases on every linear layer (GPT-2/GPT-3)."""

    def __init__(self, hidden, heads, ffn_hidden, dropout_p=0.1, recompute="none", device=None, dtype=None):
        super().__init__()
        assert hidden % heads == 0
        self.hidden, self.heads, self.head_dim = hidden, heads, hidden // heads
        self.dropout_p = dropout_p
        self.recompute = recompute
        kw = {"device": device, "dtype": dtype}
        self.attention_norm = LayerNorm(hidden, **kw)
        self.qkv = nn.Linear(hidden, 3 * hidden, bias=True, **kw)
        self.out_proj = nn.Linear(hidden, hidden, bias=True, **kw)
        self.mlp_norm = LayerNorm(hidden, **kw)
        self.fc1 = nn.Linear(hidden, ffn_hidden, bias=True, **kw)
        self.fc2 = nn.Linear(ffn_hidden, hidden, bias=True, **kw)

    def core_attention(self, q, k, v):
        """q, k, v: (b*np, s, hn) views. Returns the context, (s, b, h)."""
        bn, s, d = q.shape
        b = bn // self.heads
        with region("3 core_attention.a_scores"):
            scores = torch.bmm(q, k.transpose(1, 2))
        with region("3 core_attention.b_softmax"):
            probs = ScaleMaskSoftmaxFunction.apply(scores, 1.0 / math.sqrt(d))
        with region("3 core_attention.c_dropout"):
            probs = dropout(probs, self.dropout_p, self.training)
        with region("3 core_attention.d_context"):
            context = torch.bmm(probs, v)
        # (b*np, s, hn) -> (s, b, np*hn): Megatron's permute(2, 0, 1, 3).contiguous()
        return context.view(b, self.heads, s, d).permute(2, 0, 1, 3).reshape(s, b, self.hidden)

    def _forward(self, x):
        s, b, h = x.shape
        with region("1 attention_norm"):
            y = self.attention_norm(x)
        with region("2 qkv"):
            qkv = self.qkv(y)
        # (s, b, 3h) -> (s, b, np, 3hn) -> q, k, v (s, b, np, hn) -> (b*np, s, hn): all views of qkv.
        qkv = qkv.view(s, b, self.heads, 3 * self.head_dim)
        q, k, v = qkv.split(self.head_dim, dim=-1)
        q, k, v = (t.reshape(s, b * self.heads, self.head_dim).transpose(0, 1) for t in (q, k, v))
        context = self._attend(q, k, v)
        with region("4 attention_output.a_proj"):
            attn = self.out_proj(context)
        with region("4 attention_output.b_dropout"):
            attn = dropout(attn, self.dropout_p, self.training)
        x = x + attn
        with region("5 mlp_norm"):
            y = self.mlp_norm(x)
        with region("6 mlp.a_fc1"):
            y = self.fc1(y)
        with region("6 mlp.b_gelu"):
            y = F.gelu(y)
        with region("6 mlp.c_fc2"):
            y = self.fc2(y)
        with region("6 mlp.d_dropout"):
            y = dropout(y, self.dropout_p, self.training)
        return x + y


class LlamaLayer(RecomputableLayer):
    """A Llama-style layer (Touvron et al. 2023), sequence-first (s, b, h): RMSNorm, separate
    q/k/v projections without bias, fused RoPE, grouped-query attention that multiplies each kv
    head with its group of query heads directly (no repeated K/V), fused scale-causal-mask-softmax,
    probabilities @ V, o_proj, residual; RMSNorm, gate/up, SwiGLU (eager or fused), down, residual.
    No dropout."""

    def __init__(self, hidden, heads, kv_heads, head_dim, ffn_hidden, rotary, recompute="none",
                 fused_swiglu=False, device=None, dtype=None):
        super().__init__()
        assert heads % kv_heads == 0
        self.hidden, self.heads, self.kv_heads, self.head_dim = hidden, heads, kv_heads, head_dim
        self.recompute = recompute
        self.fused_swiglu = fused_swiglu
        kw = {"device": device, "dtype": dtype}
        self.rotary = rotary  # a RotaryTable, shared by the model's layers
        self.attention_norm = RmsNorm(hidden, **kw)
        self.q_proj = nn.Linear(hidden, heads * head_dim, bias=False, **kw)
        self.k_proj = nn.Linear(hidden, kv_heads * head_dim, bias=False, **kw)
        self.v_proj = nn.Linear(hidden, kv_heads * head_dim, bias=False, **kw)
        self.o_proj = nn.Linear(heads * head_dim, hidden, bias=False, **kw)
        self.mlp_norm = RmsNorm(hidden, **kw)
        self.gate_proj = nn.Linear(hidden, ffn_hidden, bias=False, **kw)
        self.up_proj = nn.Linear(hidden, ffn_hidden, bias=False, **kw)
        self.down_proj = nn.Linear(ffn_hidden, hidden, bias=False, **kw)

    def core_attention(self, q, k, v):
        """q (b, a, s, d) with the a heads ordered kv head by kv head; k (b, kv, s, d); v (s, b, kv*d).
        Each kv head's g = a/kv query heads are stacked along the rows, (b*kv, g*s, d), so Q K^T and
        P V read K and V once per kv head, with no expanded copy."""
        b, a, s, d = q.shape
        kv = self.kv_heads
        qg = q.reshape(b * kv, (a // kv) * s, d)           # a view: q is contiguous
        kg = k.reshape(b * kv, s, d)                        # a view
        vg = v.view(s, b * kv, d).transpose(0, 1)           # a view of v_proj's output
        with region("3 core_attention.a_scores"):
            scores = torch.bmm(qg, kg.transpose(1, 2))      # (b*kv, g*s, s)
        with region("3 core_attention.b_softmax"):
            probs = ScaleMaskSoftmaxFunction.apply(scores, 1.0 / math.sqrt(d))
        with region("3 core_attention.d_context"):
            context = torch.bmm(probs, vg)                  # (b*kv, g*s, d)
        return context.view(b, a, s, d).permute(2, 0, 1, 3).reshape(s, b, a * d)

    def _forward(self, x):
        s, b, h = x.shape
        with region("1 attention_norm"):
            y = self.attention_norm(x)
        with region("2 qkv"):
            q = self.q_proj(y)
            k = self.k_proj(y)
            v = self.v_proj(y)
        with region("2 rope"):
            q = RotaryFunction.apply(q, self.rotary.cos, self.rotary.sin, self.heads)
            k = RotaryFunction.apply(k, self.rotary.cos, self.rotary.sin, self.kv_heads)
        context = self._attend(q, k, v)
        with region("4 attention_output"):
            y = self.o_proj(context)
        x = x + y
        with region("5 mlp_norm"):
            y = self.mlp_norm(x)
        with region("6 mlp.a_gate_up"):
            gate = self.gate_proj(y)
            up = self.up_proj(y)
        with region("6 mlp.b_swiglu"):
            if self.fused_swiglu:
                act = SwigluFunction.apply(gate, up)
            else:
                act = F.silu(gate) * up
        with region("6 mlp.c_down"):
            y = self.down_proj(act)
        return x + y


class GptModel(nn.Module):
    """GPT-2/GPT-3 (learned positions) or GPT-NeoX-like (rotary) decoder: token embedding, optional
    learned position embedding, layers, final LayerNorm, output layer (tied to the token embedding
    or its own V x h matrix, no bias)."""

    def __init__(self, layers, hidden, heads, ffn_hidden, vocab, max_positions, tied, position="learned",
                 dropout_p=0.1, device=None, dtype=None):
        super().__init__()
        kw = {"device": device, "dtype": dtype}
        self.dropout_p = dropout_p
        self.embed_tokens = nn.Embedding(vocab, hidden, **kw)
        self.embed_positions = nn.Embedding(max_positions, hidden, **kw) if position == "learned" else None
        self.layers = nn.ModuleList(GptLayer(hidden, heads, ffn_hidden, dropout_p, **kw) for _ in range(layers))
        self.final_norm = LayerNorm(hidden, **kw)
        self.output = nn.Linear(hidden, vocab, bias=False, **kw)
        if tied:
            self.output.weight = self.embed_tokens.weight

    def forward(self, tokens):  # tokens (s, b)
        x = self.embed_tokens(tokens)
        if self.embed_positions is not None:
            x = x + self.embed_positions(torch.arange(tokens.shape[0], device=tokens.device)).unsqueeze(1)
        x = dropout(x, self.dropout_p, self.training)
        for layer in self.layers:
            x = layer(x)
        return self.output(self.final_norm(x))


class LlamaModel(nn.Module):
    """Llama-style decoder: token embedding, layers, final RMSNorm, output layer (untied by default)."""

    def __init__(self, layers, hidden, heads, kv_heads, head_dim, ffn_hidden, vocab, max_positions, tied=False,
                 device=None, dtype=None):
        super().__init__()
        kw = {"device": device, "dtype": dtype}
        self.embed_tokens = nn.Embedding(vocab, hidden, **kw)
        self.rotary = RotaryTable(head_dim, max_positions, device=device)
        self.layers = nn.ModuleList(LlamaLayer(hidden, heads, kv_heads, head_dim, ffn_hidden, self.rotary, **kw)
                                    for _ in range(layers))
        self.final_norm = RmsNorm(hidden, **kw)
        self.output = nn.Linear(hidden, vocab, bias=False, **kw)
        if tied:
            self.output.weight = self.embed_tokens.weight

    def forward(self, tokens):  # tokens (s, b)
        x = self.embed_tokens(tokens)
        for layer in self.layers:
            x = layer(x)
        return self.output(self.final_norm(x))
