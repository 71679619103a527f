#!/usr/bin/env python3
"""Parameter counts of GPT- and Llama-style models built in PyTorch, for ShardScope's model.params.

The models are the ones of validation/engine_common.py (the layers engine_activations.py measures,
plus token embedding, learned positions where the model has them, final norm and output layer).
Small shapes are built on the CPU and run one forward pass to show they are working models; the
published shapes (GPT-2, Pythia-160M, Llama-2-7B, Llama-3-8B) are built on the meta device, which
allocates no memory. The count is sum(p.numel() for p in model.parameters()), which counts a tied
embedding once.

Usage: /usr/bin/python3 validation/engine_params.py [--out validation/results/engine_params.json]
"""
import time

import torch

import engine_common as ec
import engine_layers as el

SCRIPT = "validation/engine_params.py"
SEED = 20261202

METHOD = (
    "Each model is an nn.Module built from validation/engine_common.py and its parameters counted as "
    "sum(p.numel() for p in model.parameters()) (PyTorch yields a tied weight once). GPT-style: token "
    "embedding V x h, learned position embedding max_positions x h (or none with rotary positions), per "
    "layer a LayerNorm (weight and bias), one fused QKV nn.Linear h -> 3h with bias, the output projection "
    "with bias, a second LayerNorm, fc1 h -> f and fc2 f -> h with biases; final LayerNorm; an output "
    "nn.Linear h -> V without bias, its weight the token embedding's when tied. Llama-style: token "
    "embedding, per layer RMSNorm (weight only), q/k/v projections h -> a*d, h -> kv*d, h -> kv*d and "
    "o_proj a*d -> h without bias, RMSNorm, gate and up h -> f and down f -> h without bias; final RMSNorm; "
    "untied output layer. RoPE cos/sin tables are registered buffers, not parameters; the GPT-style "
    "models with rotary positions (GPT-NeoX layout) simply have no position embedding (their layers, "
    "which this count does not depend on, apply no rotation). Small shapes are "
    "built on the CPU and run one forward pass; GPT-2 (124M), Pythia-160M (GPT-NeoX: rotary, untied, "
    "biases everywhere; its partial rotary and parallel residual change no parameter), Llama-2-7B and "
    "Llama-3-8B are built on torch.device('meta') (shapes only, no memory). The counts are exact, so the "
    "tolerance is 0."
)


def count(model):
    return sum(p.numel() for p in model.parameters())


def smoke_forward(model, vocab):
    """One forward pass on real tensors: the counted modules really form a working model."""
    tokens = torch.randint(0, vocab, (16, 2), generator=torch.Generator().manual_seed(SEED))
    model.eval()
    with torch.no_grad():
        logits = model(tokens)
    assert logits.shape == (16, 2, vocab) and torch.isfinite(logits).all()


def gpt_case(case_id, what, layers, hidden, heads, ffn, vocab, max_positions, tied, position, device, run):
    model = el.GptModel(layers, hidden, heads, ffn, vocab, max_positions, tied, position=position,
                        device=device, dtype=torch.float32)
    if run:
        smoke_forward(model, vocab)
    group = ec.model_group(layers, hidden, heads, heads, hidden // heads, ffn, vocab, "gelu", "layernorm",
                           tied_embeddings=tied, dropout=True, bias=True, position=position,
                           max_positions=max_positions)
    return make_case(case_id, what, group, count(model))


def llama_case(case_id, what, layers, hidden, heads, kv_heads, head_dim, ffn, vocab, tied, device, run):
    model = el.LlamaModel(layers, hidden, heads, kv_heads, head_dim, ffn, vocab, max_positions=64, tied=tied,
                          device=device, dtype=torch.float32)
    if run:
        smoke_forward(model, vocab)
    group = ec.model_group(layers, hidden, heads, kv_heads, head_dim, ffn, vocab, "swiglu", "rmsnorm",
                           tied_embeddings=tied, dropout=False, bias=False, position="rotary")
    return make_case(case_id, what, group, count(model))


def make_case(case_id, what, group, params):
    return {
        "id": case_id,
        "what": what,
        "scenario": {
            "model": group,
            "training": {"seq_len": 128, "micro_batch": 1, "global_batch": 1, "precision": "bf16-mixed",
                         "optimizer": "adamw"},
            "parallel": {"gpus": 1, "dp": 1, "tp": 1, "pp": 1, "zero": 0},
        },
        "quantity": "model.params",
        "measured": params,
        "unit": "parameters",
        "tolerance": 0,
    }


def main():
    args = ec.out_path_argument("engine_params.json", __doc__.splitlines()[0]).parse_args()
    torch.manual_seed(SEED)
    started = time.time()
    meta = torch.device("meta")
    cases = [
        gpt_case("gpt-small-tied", "GPT-style, 4 layers, h 256, a 4, f 1024, V 1000, learned positions 128, tied",
                 4, 256, 4, 1024, 1000, 128, True, "learned", None, True),
        gpt_case("gpt-small-untied", "GPT-style, 3 layers, h 192, a 3, f 768, V 1234, learned positions 64, untied",
                 3, 192, 3, 768, 1234, 64, False, "learned", None, True),
        gpt_case("gpt-small-rotary-untied", "GPT-NeoX-style (rotary, untied, biases), 2 layers, h 128, a 4, f 512, V 999",
                 2, 128, 4, 512, 999, 64, False, "rotary", None, True),
        llama_case("llama-small-gqa", "Llama-style, 4 layers, h 256, a 8, kv 2, d 32, f 688, V 1000, untied",
                   4, 256, 8, 2, 32, 688, 1000, False, None, True),
        llama_case("llama-small-headdim", "Llama-style, 2 layers, h 192, a 4, kv 1, d 64 (a*d != h), f 512, V 777, untied",
                   2, 192, 4, 1, 64, 512, 777, False, None, True),
        llama_case("llama-small-tied", "Llama-style, 3 layers, h 128, a 4, kv 4, d 32, f 344, V 500, tied",
                   3, 128, 4, 4, 32, 344, 500, True, None, True),
        gpt_case("gpt2-124m", "GPT-2 small: 12 layers, h 768, a 12, f 3072, V 50257, 1024 positions, tied (meta device)",
                 12, 768, 12, 3072, 50257, 1024, True, "learned", meta, False),
        gpt_case("pythia-160m", "Pythia-160M (GPT-NeoX): 12 layers, h 768, a 12, f 3072, V 50304, rotary, untied "
                 "(meta device)", 12, 768, 12, 3072, 50304, 2048, False, "rotary", meta, False),
        llama_case("llama-2-7b", "Llama-2-7B: 32 layers, h 4096, a 32, kv 32, f 11008, V 32000, untied (meta device)",
                   32, 4096, 32, 32, 128, 11008, 32000, False, meta, False),
        llama_case("llama-3-8b", "Llama-3-8B: 32 layers, h 4096, a 32, kv 8, f 14336, V 128256, untied (meta device)",
                   32, 4096, 32, 8, 128, 14336, 128256, False, meta, False),
    ]
    published = {"gpt2-124m": 124439808, "pythia-160m": 162322944, "llama-2-7b": 6738415616,
                 "llama-3-8b": 8030261248}
    for case in cases:
        note = ""
        if case["id"] in published:
            assert case["measured"] == published[case["id"]], (case["id"], case["measured"])
            note = "  (= the published count)"
        print("%-26s %15d%s" % (case["id"], case["measured"], note))
    ec.write_results(args.out, SCRIPT, METHOD, cases)
    print("%.1f s in all" % (time.time() - started))


if __name__ == "__main__":
    main()
