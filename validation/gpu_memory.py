#!/usr/bin/env python3
"""GPU memory of a real training step, for ShardScope's single-GPU estimate (needs CUDA).

Trains a Llama-style decoder (RMSNorm, SwiGLU, RoPE, grouped-query attention, untied embeddings)
with torch.nn.functional.scaled_dot_product_attention (is_causal, FlashAttention kernel) for a few
steps at three sizes (about 125M, 350M and 1.2B parameters, sequence 2048), bf16 mixed precision by
torch.autocast with fp32 parameters and fp32 gradients, fused AdamW. Records, at step 3, the peak of
torch.cuda.max_memory_allocated() (per phase: forward, backward, optimizer step), the memory left
after the optimizer step (model states), and the bytes autograd saves for backward (activations),
and writes validation/results/gpu_memory.json in the engine results format.

Usage (on a machine with a CUDA GPU and PyTorch 2.x; about a minute on an H100/H200):
    python3 validation/gpu_memory.py [--out PATH] [--quick]
--quick runs one tiny model (also on a CPU, as a dry run of the code; it then writes to a
temporary file unless --out is given).
"""
import argparse
import contextlib
import math
import os
import sys
import tempfile
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import engine_common as ec  # noqa: E402
import engine_layers as el  # noqa: E402

SCRIPT = "validation/gpu_memory.py"
SEED = 20261205
SEQ = 2048
VOCAB = 32000
STEPS = 3
BF16 = torch.bfloat16

# name, layers, hidden, heads, kv heads, head dim, ffn, micro-batch, sequence, vocabulary
SIZES = [
    ("llama-125m", 12, 768, 12, 4, 64, 2048, 8, SEQ, VOCAB),
    ("llama-350m", 24, 1024, 16, 4, 64, 2816, 8, SEQ, VOCAB),
    ("llama-1.2b", 24, 2048, 16, 4, 128, 5504, 4, SEQ, VOCAB),
]
QUICK = [("llama-tiny", 2, 128, 4, 2, 32, 352, 2, 128, 1000)]

METHOD = (
    "A Llama-style decoder written in PyTorch (validation/gpu_memory.py): token embedding, per layer "
    "RMSNorm, q/k/v projections without bias, rotary embedding (eager rotate-half with bf16 cos/sin tables "
    "registered as buffers), torch.nn.functional.scaled_dot_product_attention(is_causal=True) restricted to "
    "the FlashAttention backend (grouped-query attention through enable_gqa, so K and V are not repeated; "
    "the attention_path field says if a fallback was needed), o_proj, residual, RMSNorm, SwiGLU "
    "(F.silu(gate) * up, eager), down projection, residual; final RMSNorm; untied output layer; "
    "cross-entropy on fp32 logits. The RMSNorms are an autograd Function saving the input and fp32 rstd "
    "(as fused RMSNorm kernels do; validation/engine_common.py). The residual stream is bf16 (the embedding "
    "output is cast once), so activations are bf16 as ShardScope's bf16-mixed assumes. Training: "
    "torch.autocast(cuda, bfloat16) over fp32 parameters, fp32 gradients kept allocated between steps "
    "(zero_grad(set_to_none=False), as DDP's bucket views and Megatron's gradient buffers keep them), "
    "torch.optim.AdamW(fused=True), sequence 2048, no recomputation, no dropout. Step 3 is measured "
    "(steps 1-2 warm up); all memory figures are torch.cuda.memory_allocated/max_memory_allocated minus a "
    "baseline taken after a CUDA warm-up and before the model exists (cuBLAS workspaces; the CUDA context "
    "is not in these counters at all). "
    "Mapping to ShardScope (bf16-mixed, fp32 gradients, AdamW: weights 2 + gradients 4 + master 4 + "
    "moments 8 = 18 bytes per parameter): autocast keeps the parameters in fp32 (4 B: ShardScope's master "
    "weights), fp32 gradients (4 B), AdamW moments (8 B); the bf16 weights ShardScope counts (2 B) exist "
    "under autocast as the bf16 copies of the GEMM weights that autocast makes each step and autograd "
    "keeps for backward (the embedding is not cast: its lookup runs in fp32), so they are live at the peak "
    "and are measured among the saved tensors (category weight_copy). Cases per size: "
    "(1) peak: max_memory_allocated over step 3 against weights + gradients + master + optimizer states + "
    "activations (tolerance 0.02); the breakdown splits the peak, 'phases' gives each phase's peak and memory "
    "and logits_fp32_bytes is 4 s b V. The peak comes at the "
    "start of backward and holds, beyond what is allocated after the forward pass (model states, weight "
    "copies, saved activations), a transient: the fp32 gradient of the logits through log_softmax, two "
    "s x b x V fp32 tensors (8 s b V bytes; on an H200 with PyTorch 2.11 the peak was exactly memory after "
    "forward + 8sbV at all three sizes), which weighs most on small models with a large vocabulary and "
    "micro-batch; ShardScope counts it as the loss's backward working set of PyTorch's unfused "
    "cross-entropy (fused_cross_entropy off; memory.per_gpu_activations.loss_working_set); "
    "(2) model states: memory_allocated after step 3's optimizer step (fp32 parameters, fp32 gradients, "
    "AdamW exp_avg and exp_avg_sq, and fused AdamW's per-tensor step counters) against gradients + master + "
    "optimizer states (tolerance 0.02: the caching allocator hands out blocks up to 1 MiB larger than "
    "asked, which memory_allocated counts; the breakdown's 'rest'; it varies slightly from run to run); "
    "(3) activations: the bytes of the distinct storages autograd saved during one "
    "forward pass (torch.autograd.graph.saved_tensors_hooks; parameters, buffers and autocast weight copies "
    "excluded) against what ShardScope's activations keep between forward and backward "
    "(memory.per_gpu_activations: the layers, plus the final norm input, the output-layer input and the "
    "fp32 logits; the transient working set excluded); (4) one layer's share of (3) against "
    "memory.activations_per_layer with flash_attention on (FlashAttention keeps its output, which is the "
    "o_proj input, and an fp32 log-sum-exp per head and token)."
)


# --------------------------------------------------------------------------------------------
# Model
# --------------------------------------------------------------------------------------------

class Attention:
    """Chooses how attention runs: SDPA restricted to FlashAttention, with native grouped-query
    attention when this PyTorch supports it; an explicit fallback otherwise (recorded)."""

    def __init__(self, device):
        self.device = device
        self.has_sdpa = hasattr(F, "scaled_dot_product_attention")
        self.path = "manual causal softmax (no SDPA: CPU dry run only)"
        self.native_gqa = False
        if self.has_sdpa and device.type == "cuda":
            self.path = "sdpa flash"
            try:
                q = torch.randn(1, 4, 128, 64, device=device, dtype=BF16)
                k = torch.randn(1, 2, 128, 64, device=device, dtype=BF16)
                with self.kernel():
                    F.scaled_dot_product_attention(q, k, k, is_causal=True, enable_gqa=True)
                self.native_gqa = True
                self.path = "sdpa flash, enable_gqa"
            except (RuntimeError, TypeError) as error:
                print("FlashAttention with enable_gqa unavailable (%s); repeating K/V" % str(error).splitlines()[0])
                self.path = "sdpa flash, K/V repeated per query head (no native GQA)"
        elif self.has_sdpa:
            self.path = "sdpa (CPU dry run)"

    def kernel(self):
        if self.device.type != "cuda":
            return contextlib.nullcontext()
        from torch.nn.attention import SDPBackend, sdpa_kernel
        return sdpa_kernel([SDPBackend.FLASH_ATTENTION])

    def __call__(self, q, k, v):
        """q (b, a, s, d); k, v (b, kv, s, d)."""
        group = q.shape[1] // k.shape[1]
        if self.has_sdpa:
            if group > 1 and self.native_gqa:
                return F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
            if group > 1:
                k, v = k.repeat_interleave(group, dim=1), v.repeat_interleave(group, dim=1)
            return F.scaled_dot_product_attention(q, k, v, is_causal=True)
        if group > 1:
            k, v = k.repeat_interleave(group, dim=1), v.repeat_interleave(group, dim=1)
        s = q.shape[2]
        scores = (q @ k.transpose(-1, -2)) / math.sqrt(q.shape[-1])
        mask = torch.ones(s, s, dtype=torch.bool, device=q.device).triu(1)
        return torch.softmax(scores.masked_fill(mask, float("-inf")), dim=-1) @ v


class Layer(nn.Module):
    def __init__(self, hidden, heads, kv_heads, head_dim, ffn):
        super().__init__()
        self.heads, self.kv_heads, self.head_dim = heads, kv_heads, head_dim
        self.attention_norm = el.RmsNorm(hidden)
        self.q_proj = nn.Linear(hidden, heads * head_dim, bias=False)
        self.k_proj = nn.Linear(hidden, kv_heads * head_dim, bias=False)
        self.v_proj = nn.Linear(hidden, kv_heads * head_dim, bias=False)
        self.o_proj = nn.Linear(heads * head_dim, hidden, bias=False)
        self.mlp_norm = el.RmsNorm(hidden)
        self.gate_proj = nn.Linear(hidden, ffn, bias=False)
        self.up_proj = nn.Linear(hidden, ffn, bias=False)
        self.down_proj = nn.Linear(ffn, hidden, bias=False)

    def forward(self, x, cos, sin, attention):
        b, s, _ = x.shape
        a, kv, d = self.heads, self.kv_heads, self.head_dim
        with el.region("1 attention_norm"):
            y = self.attention_norm(x)
        with el.region("2 qkv"):
            q = self.q_proj(y).view(b, s, a, d).transpose(1, 2)
            k = self.k_proj(y).view(b, s, kv, d).transpose(1, 2)
            v = self.v_proj(y).view(b, s, kv, d).transpose(1, 2)
        with el.region("2 rope"):
            q = q * cos + el._rotate_half(q) * sin
            k = k * cos + el._rotate_half(k) * sin
        with el.region("3 attention"):
            o = attention(q, k, v)
        with el.region("4 o_proj"):
            x = x + self.o_proj(o.transpose(1, 2).reshape(b, s, a * d))
        with el.region("5 mlp_norm"):
            y = self.mlp_norm(x)
        with el.region("6 mlp"):
            y = F.silu(self.gate_proj(y)) * self.up_proj(y)
        with el.region("7 down"):
            return x + self.down_proj(y)


class Decoder(nn.Module):
    def __init__(self, layers, hidden, heads, kv_heads, head_dim, ffn, vocab, max_positions, attention):
        super().__init__()
        self.attention = attention
        self.embed_tokens = nn.Embedding(vocab, hidden)
        self.layers = nn.ModuleList(Layer(hidden, heads, kv_heads, head_dim, ffn) for _ in range(layers))
        self.final_norm = el.RmsNorm(hidden)
        self.output = nn.Linear(hidden, vocab, bias=False)
        inv_freq = 1.0 / (10000.0 ** (torch.arange(0, head_dim, 2, dtype=torch.float64) / head_dim))
        angles = torch.outer(torch.arange(max_positions, dtype=torch.float64), inv_freq)
        angles = torch.cat((angles, angles), dim=-1)
        self.register_buffer("cos", angles.cos().to(BF16))
        self.register_buffer("sin", angles.sin().to(BF16))
        for name, p in self.named_parameters():
            if p.dim() >= 2:
                nn.init.normal_(p, std=0.02)

    def forward(self, tokens, targets):
        s = tokens.shape[1]
        cos, sin = self.cos[:s], self.sin[:s]
        with el.region("0 embedding"):
            x = self.embed_tokens(tokens).to(BF16)
        with self.attention.kernel():
            for i, layer in enumerate(self.layers):
                with el.region("layer %03d" % i):
                    x = layer(x, cos, sin, self.attention)
        with el.region("output"):
            logits = self.output(self.final_norm(x))
            return F.cross_entropy(logits.float().view(-1, logits.shape[-1]), targets.view(-1))


VIEW_OR_CAST = {"ToCopyBackward0", "TBackward0", "TransposeBackward0", "PermuteBackward0", "ViewBackward0",
                "UnsafeViewBackward0", "ExpandBackward0", "AliasBackward0"}


def weight_copy_classifier(model):
    """Marks saved tensors that are casts (or views of casts) of a parameter: autocast's bf16
    weight copies."""
    params = {id(p) for p in model.parameters()}

    def classify(t):
        node = t.grad_fn
        for _ in range(4):
            if node is None:
                return None
            variable = getattr(node, "variable", None)
            if variable is not None:
                return "weight_copy" if id(variable) in params else None
            nexts = [fn for fn, _ in node.next_functions if fn is not None]
            if len(nexts) != 1 or node.name() not in VIEW_OR_CAST:
                return None
            node = nexts[0]
        return None
    return classify


# --------------------------------------------------------------------------------------------
# Measurement
# --------------------------------------------------------------------------------------------

class Memory:
    def __init__(self, device):
        self.cuda = device.type == "cuda"
        self.device = device
        self.baseline = 0

    def sync(self):
        if self.cuda:
            torch.cuda.synchronize(self.device)

    def allocated(self):
        self.sync()
        return torch.cuda.memory_allocated(self.device) - self.baseline if self.cuda else None

    def reset_peak(self):
        if self.cuda:
            self.sync()
            torch.cuda.reset_peak_memory_stats(self.device)

    def peak(self):
        self.sync()
        return torch.cuda.max_memory_allocated(self.device) - self.baseline if self.cuda else None


def warm_up(device, attention):
    """Creates the cuBLAS handles and workspaces and runs the attention kernel once, so that the
    baseline taken next holds them and the model's figures do not."""
    a = torch.randn(256, 256, device=device, requires_grad=True)
    with torch.autocast(device_type=device.type, dtype=BF16):
        y = (a @ a).float().sum()
        q = torch.randn(1, 4, 128, 64, device=device, dtype=BF16, requires_grad=True)
        kv = torch.randn(1, 4 if not attention.native_gqa else 2, 128, 64, device=device, dtype=BF16)
        with attention.kernel():
            z = attention(q, kv, kv).float().sum()
    (y + z).backward()
    del a, y, q, kv, z


def run_size(spec, device, attention, memory):
    name, layers, hidden, heads, kv_heads, head_dim, ffn, micro_batch, seq, vocab = spec
    torch.manual_seed(SEED)
    model = Decoder(layers, hidden, heads, kv_heads, head_dim, ffn, vocab, seq, attention).to(device)
    params = sum(p.numel() for p in model.parameters())
    phases = {"after model creation": memory.allocated()}
    fused = device.type == "cuda"
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4, weight_decay=0.1, **({"fused": True} if fused else {}))
    g = torch.Generator().manual_seed(SEED)
    tokens = torch.randint(0, vocab, (micro_batch, seq + 1), generator=g).to(device)
    inputs, targets = tokens[:, :-1].contiguous(), tokens[:, 1:].contiguous()
    del tokens
    autocast = torch.autocast(device_type=device.type, dtype=BF16)

    losses = []
    for step in range(1, STEPS + 1):
        measure = step == STEPS
        optimizer.zero_grad(set_to_none=False)
        if measure:
            memory.reset_peak()
            phases["before forward"] = memory.allocated()
        with autocast:
            loss = model(inputs, targets)
        if measure:
            phases["after forward"] = memory.allocated()
            phases["peak forward"] = memory.peak()
            memory.reset_peak()
        loss.backward()
        if measure:
            phases["peak backward"] = memory.peak()
            phases["after backward"] = memory.allocated()
            memory.reset_peak()
        optimizer.step()
        losses.append(loss.item())
        del loss
        if measure:
            phases["peak optimizer step"] = memory.peak()
            phases["after optimizer step"] = memory.allocated()
    assert all(math.isfinite(v) for v in losses), losses

    state_bytes = sum(v.numel() * v.element_size() for st in optimizer.state.values() for v in st.values()
                      if torch.is_tensor(v))
    grad_bytes = sum(p.grad.numel() * p.grad.element_size() for p in model.parameters() if p.grad is not None)
    param_bytes = sum(p.numel() * p.element_size() for p in model.parameters())

    # One more forward pass, under the saved-tensor meter (not timed, no backward).
    with ec.SavedTensorMeter(model, classify=weight_copy_classifier(model)) as meter:
        with autocast:
            loss = model(inputs, targets)
    activations = meter.total()
    weight_copies = meter.total("weight_copy")
    middle = "layer %03d/" % (layers // 2)
    layer_bytes = meter.total(region_prefix=middle)
    layer_breakdown = meter.breakdown(loss, region_prefix=middle)
    regions = meter.by_region()
    del loss, meter

    result = {
        "name": name, "layers": layers, "hidden": hidden, "heads": heads, "kv_heads": kv_heads,
        "head_dim": head_dim, "ffn": ffn, "micro_batch": micro_batch, "seq": seq, "vocab": vocab,
        "params": params, "losses": losses,
        "phases": phases, "state_bytes": state_bytes, "grad_bytes": grad_bytes, "param_bytes": param_bytes,
        "activations": activations, "weight_copies": weight_copies, "layer_bytes": layer_bytes,
        "layer_breakdown": layer_breakdown,
        "regions": {"layers (all)": sum(v for k, v in regions.items() if k.startswith("layer")),
                    **{k: v for k, v in regions.items() if not k.startswith("layer")}},
    }
    del model, optimizer, inputs, targets
    if device.type == "cuda":
        torch.cuda.empty_cache()
    return result


def cases_for(r):
    model = ec.model_group(r["layers"], r["hidden"], r["heads"], r["kv_heads"], r["head_dim"], r["ffn"], r["vocab"],
                           "swiglu", "rmsnorm", tied_embeddings=False, dropout=False, bias=False, position="rotary")
    scenario = {
        "model": model,
        "training": {"seq_len": r["seq"], "micro_batch": r["micro_batch"], "global_batch": r["micro_batch"],
                     "precision": "bf16-mixed", "grad_dtype": "fp32", "optimizer": "adamw", "recompute": "none",
                     "flash_attention": "on", "norm_statistics": True, "fused_swiglu": False,
                     "fused_cross_entropy": False},
        "parallel": {"gpus": 1, "dp": 1, "tp": 1, "pp": 1, "zero": 0},
    }
    shape = "%d layers, h %d, a %d, kv %d, d %d, ffn %d, V %d (%d parameters), s %d, b %d" % (
        r["layers"], r["hidden"], r["heads"], r["kv_heads"], r["head_dim"], r["ffn"], r["vocab"], r["params"],
        r["seq"], r["micro_batch"])
    p = r["phases"]
    cases = []
    if p.get("peak forward") is not None:
        peak = max(p["peak forward"], p["peak backward"], p["peak optimizer step"])
        cases.append({
            "id": "%s-peak" % r["name"],
            "what": "peak allocated memory of a training step (autocast bf16, fp32 grads, fused AdamW, flash), %s"
                    % shape,
            "scenario": scenario,
            "quantity": ["memory.per_gpu.weights", "memory.per_gpu.gradients", "memory.per_gpu.master_weights",
                         "memory.per_gpu.optimizer_states", "memory.per_gpu.activations"],
            "measured": peak, "unit": "bytes", "tolerance": 0.02,
            "breakdown": {
                "fp32 parameters": r["param_bytes"], "fp32 gradients": r["grad_bytes"],
                "AdamW state": r["state_bytes"], "autocast bf16 weight copies": r["weight_copies"],
                "saved activations": r["activations"],
                "rest after forward (buffers, inputs, allocator rounding, workspaces)":
                    p["after forward"] - r["param_bytes"] - r["grad_bytes"] - r["state_bytes"]
                    - r["weight_copies"] - r["activations"],
                "transient at the peak (peak - memory after forward)": peak - p["after forward"],
            },
            "phases": p,
            "logits_fp32_bytes": 4 * r["seq"] * r["micro_batch"] * r["vocab"],
        })
        cases.append({
            "id": "%s-model-states" % r["name"],
            "what": "memory after the optimizer step: fp32 parameters, fp32 gradients, AdamW moments, %s" % shape,
            "scenario": scenario,
            "quantity": ["memory.per_gpu.gradients", "memory.per_gpu.master_weights",
                         "memory.per_gpu.optimizer_states"],
            "measured": p["after optimizer step"], "unit": "bytes", "tolerance": 0.02,
            "breakdown": {"fp32 parameters": r["param_bytes"], "fp32 gradients": r["grad_bytes"],
                          "AdamW state (exp_avg, exp_avg_sq, step)": r["state_bytes"],
                          "rest (buffers, inputs, allocator rounding, library workspaces)":
                              p["after optimizer step"] - r["param_bytes"] - r["grad_bytes"] - r["state_bytes"]},
        })
    cases.append({
        "id": "%s-activations" % r["name"],
        "what": "bytes saved for backward by one forward pass (all layers, final norm, output layer, loss), %s"
                % shape,
        "scenario": scenario,
        "quantity": ["memory.per_gpu_activations.layers", "memory.per_gpu_activations.embedding",
                     "memory.per_gpu_activations.output"],
        "measured": r["activations"], "unit": "bytes", "tolerance": 0.03,
        "breakdown": r["regions"],
    })
    cases.append({
        "id": "%s-layer" % r["name"],
        "what": "bytes one layer saves for backward (FlashAttention, eager SwiGLU), %s" % shape,
        "scenario": scenario,
        "quantity": "memory.activations_per_layer",
        "measured": r["layer_bytes"], "unit": "bytes", "tolerance": 0.03,
        "breakdown": r["layer_breakdown"],
    })
    return cases


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=None, help="results file (default validation/results/gpu_memory.json)")
    parser.add_argument("--quick", action="store_true", help="one tiny model: a dry run of the code")
    args = parser.parse_args()
    cuda = torch.cuda.is_available()
    if not cuda and not args.quick:
        sys.exit("gpu_memory.py needs a CUDA GPU (use --quick for a CPU dry run)")
    out = args.out or (os.path.join(tempfile.gettempdir(), "gpu_memory_quick.json") if args.quick
                       else os.path.join(ec.RESULTS, "gpu_memory.json"))
    device = torch.device("cuda" if cuda else "cpu")
    started = time.time()
    if cuda:
        torch.backends.cuda.matmul.allow_tf32 = False
    attention = Attention(device)
    memory = Memory(device)
    warm_up(device, attention)
    if cuda:
        torch.cuda.empty_cache()
        memory.baseline = torch.cuda.memory_allocated(device)
    cases = []
    for spec in (QUICK if args.quick else SIZES):
        t0 = time.time()
        r = run_size(spec, device, attention, memory)
        cases.extend(cases_for(r))
        print("%-12s %13d params  peak %s  states %s  activations %d  layer %d  weight copies %d  (%.1f s)" % (
            r["name"], r["params"], max(filter(None, [r["phases"].get("peak forward"), r["phases"].get("peak backward"),
                                                      r["phases"].get("peak optimizer step")]), default=None),
            r["phases"].get("after optimizer step"), r["activations"], r["layer_bytes"], r["weight_copies"],
            time.time() - t0))
    extra = {"attention_path": attention.path, "memory_baseline_bytes": memory.baseline}
    if cuda:
        extra.update({"gpu_name": torch.cuda.get_device_name(device), "cuda_version": torch.version.cuda})
    ec.write_results(out, SCRIPT, METHOD, cases, extra=extra, device="cuda" if cuda else "cpu (dry run)")
    print("%.1f s in all" % (time.time() - started))


if __name__ == "__main__":
    main()
