#!/usr/bin/env python3
"""Resharding a GQA + SwiGLU checkpoint by ShardScope's map, checked bit for bit on a real engine.

Builds a small Llama-style model (grouped-query attention, SwiGLU, untied embeddings) in PyTorch on
the CPU, fuses it into Megatron-LM's layout (linear_qkv grouped per KV group as
tools/checkpoint/loader_llama_mistral.py does; linear_fc1 = [gate; up]), and asks `shardscope-cli
reshard` for the map from tp=1 to tp=4 and from tp=4 to tp=2. It splits every tensor into tp=4
shards with the rows the map gives each rank, runs the model tensor-parallel from those shards
(each rank its own heads and FFN slice, row-parallel outputs summed, vocabulary-parallel logits),
merges the shards back, re-splits to tp=2 by the second map (copying rows from the tp=4 shards and
counting the bytes each tp=2 rank reads from each tp=4 rank), merges again, and checks that every
tensor and the logits on fixed inputs are bit-identical to the unsharded model. The naive splits
the pitfalls warn about (an even split of [all Q; all K; all V], and of [gate; up]) are run the same
way and must not match. The bytes are compared with ShardScope's transfers by `shardscope-cli
validate`; the identities are asserted (exit 1) and recorded.

Needs a built shardscope-cli (scripts/test runs it after the release build).

Usage: /usr/bin/python3 validation/engine_reshard.py [--out validation/results/engine_reshard.json]
"""
import json
import os
import subprocess
import sys
import tempfile

import torch

import engine_common as ec

SCRIPT = "validation/engine_reshard.py"
SEED = 20261214
MODEL = {"layers": 2, "hidden": 64, "heads": 8, "kv_heads": 4, "head_dim": 8, "ffn_hidden": 96, "vocab": 250,
         "mlp": "swiglu", "norm": "rmsnorm", "position": "rotary", "tied_embeddings": False, "dropout": False,
         "qkv_bias": True, "out_proj_bias": False, "mlp_bias": False}
SCENARIO = {"model": MODEL, "training": {"seq_len": 16, "micro_batch": 1, "global_batch": 1, "precision": "fp32",
                                         "grad_dtype": "fp32", "optimizer": "adamw"},
            "parallel": {"gpus": 1, "dp": 1, "tp": 1, "pp": 1, "zero": 0}}

METHOD = __doc__.split("\n\n")[1].replace("\n", " ") + (
    " Weights are fp32 (4 bytes per element, ShardScope's fp32 recipe); a tensor every rank holds whole "
    "(the norms) is read from source rank (target rank mod source tp), as ShardScope's plan reads it. The "
    "vocabulary is padded as Megatron-LM's converter pads it (tools/checkpoint/saver_base.py, core_v0.15.0): "
    "grown by repeating the last row, shrunk by cutting; only rows both paddings hold are copied.")


def reshard_map(cli, workdir, source, target):
    path = os.path.join(workdir, "scenario.json")
    with open(path, "w") as f:
        json.dump(SCENARIO, f)
    out = subprocess.run([cli, "reshard", "--scenario", path, "--from", source, "--to", target, "--format", "json"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def unsharded_model():
    """Hugging Face-style q, k, v, gate, up tensors fused into Megatron-LM's layout."""
    g = torch.Generator().manual_seed(SEED)
    m = MODEL
    h, nh, ng, d, f = m["hidden"], m["heads"], m["kv_heads"], m["head_dim"], m["ffn_hidden"]
    padded = 256  # tp=1: the vocabulary padded to a multiple of 128
    w = {"embedding.word_embeddings.weight": torch.randn(padded, h, generator=g),
         "decoder.final_layernorm.weight": 1 + 0.1 * torch.randn(h, generator=g),
         "output_layer.weight": torch.randn(padded, h, generator=g) / h ** 0.5}
    for layer in range(m["layers"]):
        p = "decoder.layers.%d." % layer
        q = torch.randn(nh * d, h, generator=g) / h ** 0.5
        k = torch.randn(ng * d, h, generator=g) / h ** 0.5
        v = torch.randn(ng * d, h, generator=g) / h ** 0.5
        bq, bk, bv = (0.1 * torch.randn(n, generator=g) for n in (nh * d, ng * d, ng * d))
        # tools/checkpoint/loader_llama_mistral.py: cat([q.reshape(ng, dim*nh//ng, -1), k.reshape(ng, dim, -1),
        # v.reshape(ng, dim, -1)], dim=1).reshape(-1, hidden): rows grouped per KV group.
        w[p + "self_attention.linear_qkv.weight"] = torch.cat(
            [q.reshape(ng, d * nh // ng, h), k.reshape(ng, d, h), v.reshape(ng, d, h)], dim=1).reshape(-1, h)
        w[p + "self_attention.linear_qkv.bias"] = torch.cat(
            [bq.reshape(ng, -1), bk.reshape(ng, -1), bv.reshape(ng, -1)], dim=1).reshape(-1)
        w[p + "self_attention.linear_proj.weight"] = torch.randn(h, nh * d, generator=g) / (nh * d) ** 0.5
        w[p + "input_layernorm.weight"] = 1 + 0.1 * torch.randn(h, generator=g)
        w[p + "pre_mlp_layernorm.weight"] = 1 + 0.1 * torch.randn(h, generator=g)
        gate = torch.randn(f, h, generator=g) / h ** 0.5
        up = torch.randn(f, h, generator=g) / h ** 0.5
        w[p + "mlp.linear_fc1.weight"] = torch.cat([gate, up], dim=0)  # loader_llama_mistral.py: [gate; up]
        w[p + "mlp.linear_fc2.weight"] = torch.randn(h, f, generator=g) / f ** 0.5
    return w


def spec_for(name, plan):
    """The map's entry for a concrete tensor name (layer index in place of '*')."""
    parts = name.split(".")
    for t in plan["tensors"]:
        pattern = t["name"].split(".")
        if len(pattern) == len(parts) and all(a == "*" or a == b for a, b in zip(pattern, parts)):
            return t
    raise KeyError(name)


def pad_vocab(tensor, rows):
    """Megatron-LM's converter: cut extra padding, or grow by repeating the last row."""
    if tensor.shape[0] >= rows:
        return tensor[:rows].clone()
    return torch.cat([tensor, tensor[-1:].expand(rows - tensor.shape[0], -1)])


def split(weights, plan):
    """Each target tensor-parallel rank's shards: the rows (along split_dim) the map lists, concatenated."""
    tp = plan["to"]["tp"]
    shards = [dict() for _ in range(tp)]
    for name, full in weights.items():
        spec = spec_for(name, plan)
        if spec["kind"] == "vocab":
            full = pad_vocab(full, spec["global_shape"][0])
        for part in spec["target_parts"]:
            if spec["split_dim"] < 0:
                shards[part["tp_rank"]][name] = full.clone()
            else:
                pieces = [full.narrow(spec["split_dim"], a, b - a) for a, b in part["ranges"]]
                shards[part["tp_rank"]][name] = torch.cat(pieces, dim=spec["split_dim"]).clone()
    return shards


def merge(shards, plan, vocab_rows):
    """The shards put back where the map says they came from (the vocabulary cut to `vocab_rows`)."""
    merged = {}
    for name in shards[0]:
        spec = spec_for(name, plan)
        if spec["split_dim"] < 0:
            merged[name] = shards[0][name].clone()
            continue
        full = torch.empty(spec["global_shape"], dtype=shards[0][name].dtype)
        for part in spec["target_parts"]:
            offset = 0
            for a, b in part["ranges"]:
                full.narrow(spec["split_dim"], a, b - a).copy_(
                    shards[part["tp_rank"]][name].narrow(spec["split_dim"], offset, b - a))
                offset += b - a
        merged[name] = full[:vocab_rows].clone() if spec["kind"] == "vocab" else full
    return merged


def reshard_counting(source_shards, source_plan, target_plan):
    """Target shards built by copying rows from the source shards; bytes[(to, from)] of every copy."""
    tp_s, tp_t = source_plan["to"]["tp"], target_plan["to"]["tp"]
    rows_both = min(source_plan["padded_vocab"]["to"], target_plan["padded_vocab"]["to"])
    copied = {}
    targets = [dict() for _ in range(tp_t)]
    for name in source_shards[0]:
        s_spec, t_spec = spec_for(name, source_plan), spec_for(name, target_plan)
        dim = t_spec["split_dim"]
        for t_part in t_spec["target_parts"]:
            t = t_part["tp_rank"]
            if dim < 0:  # whole on every rank: read from source rank t mod tp_s
                src = t % tp_s
                targets[t][name] = source_shards[src][name].clone()
                copied[(t, src)] = copied.get((t, src), 0) + targets[t][name].numel() * 4
                continue
            pieces = []
            for a, b in t_part["ranges"]:
                for s_part in s_spec["target_parts"]:
                    offset = 0
                    for sa, sb in s_part["ranges"]:
                        lo, hi = max(a, sa), min(b, sb, rows_both if t_spec["kind"] == "vocab" else b)
                        if hi > lo:
                            piece = source_shards[s_part["tp_rank"]][name].narrow(dim, offset + lo - sa, hi - lo)
                            pieces.append((lo, piece))
                            key = (t, s_part["tp_rank"])
                            copied[key] = copied.get(key, 0) + piece.numel() * 4
                        offset += sb - sa
            pieces.sort(key=lambda item: item[0])
            shard = torch.cat([p for _, p in pieces], dim=dim)
            needed = sum(b - a for a, b in t_part["ranges"])
            if shard.shape[dim] < needed:  # a grown vocabulary: repeat the last row (Megatron's converter)
                shard = torch.cat([shard, shard[-1:].expand(needed - shard.shape[dim], -1)])
            targets[t][name] = shard
    return targets, copied


def rms(x, weight):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5) * weight


def rotary(x):  # [s, heads, d]
    half = x.shape[-1] // 2
    freqs = 1.0 / (10000.0 ** (torch.arange(half, dtype=torch.float32) / half))
    angles = torch.arange(x.shape[0], dtype=torch.float32)[:, None] * freqs[None, :]
    cos, sin = angles.cos()[:, None, :], angles.sin()[:, None, :]
    return torch.cat([x[..., :half] * cos - x[..., half:] * sin, x[..., :half] * sin + x[..., half:] * cos], dim=-1)


def forward(shards, tokens):
    """The model run tensor-parallel over `shards` (one dict per rank; one rank = unsharded), each rank
    reading its local tensors the way Megatron-LM does; partial sums added in rank order."""
    m = MODEL
    nh, ng, d = m["heads"], m["kv_heads"], m["head_dim"]
    tp = len(shards)
    rows = shards[0]["embedding.word_embeddings.weight"].shape[0]
    x = sum(torch.where(((tokens >= r * rows) & (tokens < (r + 1) * rows))[:, None],
                        shards[r]["embedding.word_embeddings.weight"][(tokens - r * rows).clamp(0, rows - 1)],
                        torch.zeros(1)) for r in range(tp))
    s = tokens.shape[0]
    mask = torch.ones(s, s, dtype=torch.bool).triu(1)
    for layer in range(m["layers"]):
        p = "decoder.layers.%d." % layer
        attn = 0
        mlp_in = None
        for r, w in enumerate(shards):
            h_ = rms(x, w[p + "input_layernorm.weight"])
            qkv = h_ @ w[p + "self_attention.linear_qkv.weight"].t() + w[p + "self_attention.linear_qkv.bias"]
            groups = ng // tp
            qkv = qkv.view(s, groups, (nh // ng + 2) * d)  # [sq, ng/tp, (np/ng + 2) hn]
            q, k, v = torch.split(qkv, [nh // ng * d, d, d], dim=2)
            q = rotary(q.reshape(s, groups * nh // ng, d))
            k = rotary(k).repeat_interleave(nh // ng, dim=1)
            v = v.repeat_interleave(nh // ng, dim=1)
            scores = torch.einsum("qhd,khd->hqk", q, k) / d ** 0.5
            out = torch.einsum("hqk,khd->qhd", scores.masked_fill(mask, float("-inf")).softmax(-1), v).reshape(s, -1)
            attn = attn + out @ w[p + "self_attention.linear_proj.weight"].t()
        x = x + attn
        mlp = 0
        for w in shards:
            h2 = rms(x, w[p + "pre_mlp_layernorm.weight"])
            gate, up = torch.chunk(h2 @ w[p + "mlp.linear_fc1.weight"].t(), 2, dim=-1)  # Megatron's glu()
            mlp = mlp + (torch.nn.functional.silu(gate) * up) @ w[p + "mlp.linear_fc2.weight"].t()
        x = x + mlp
    x = rms(x, shards[0]["decoder.final_layernorm.weight"])
    logits = torch.cat([x @ w["output_layer.weight"].t() for w in shards], dim=-1)
    return logits[:, :MODEL["vocab"]]


def naive(shards_plan, weights, what):
    """The split the pitfalls warn about, on one tensor kind: an even chunk of the full tensor."""
    tp = shards_plan["to"]["tp"]
    shards = split(weights, shards_plan)
    m = MODEL
    for name, full in weights.items():
        if what == "qkv" and name.endswith("linear_qkv.weight"):
            # Hugging Face's unfused order [all Q; all K; all V], chunked evenly.
            d, nh, ng, h = m["head_dim"], m["heads"], m["kv_heads"], m["hidden"]
            grouped = full.view(ng, (nh // ng + 2) * d, h)
            q, k, v = torch.split(grouped, [nh // ng * d, d, d], dim=1)
            unfused = torch.cat([q.reshape(-1, h), k.reshape(-1, h), v.reshape(-1, h)])
            for r, piece in enumerate(torch.chunk(unfused, tp)):
                shards[r][name] = piece.clone()
        if what == "qkv" and name.endswith("linear_qkv.bias"):
            d, nh, ng = m["head_dim"], m["heads"], m["kv_heads"]
            q, k, v = torch.split(full.view(ng, -1), [nh // ng * d, d, d], dim=1)
            for r, piece in enumerate(torch.chunk(torch.cat([q.reshape(-1), k.reshape(-1), v.reshape(-1)]), tp)):
                shards[r][name] = piece.clone()
        if what == "swiglu" and name.endswith("linear_fc1.weight"):
            for r, piece in enumerate(torch.chunk(full, tp)):  # [gate; up] cut evenly
                shards[r][name] = piece.clone()
    return shards


def main():
    args = ec.out_path_argument("engine_reshard.json", __doc__.splitlines()[0]).parse_args()
    cli = ec.find_cli()
    if cli is None:
        sys.exit("shardscope-cli not found (build it, or set SHARDSCOPE_CLI)")
    with tempfile.TemporaryDirectory() as workdir:
        to4 = reshard_map(cli, workdir, "tp=1,pp=1,dp=1", "tp=4,pp=1,dp=1")
        to2 = reshard_map(cli, workdir, "tp=4,pp=1,dp=1", "tp=2,pp=1,dp=1")
    torch.set_num_threads(1)  # one summation order: the recorded differences are reproducible
    weights = unsharded_model()
    tokens = torch.randint(0, MODEL["vocab"], (16,), generator=torch.Generator().manual_seed(SEED + 1))
    reference = forward([weights], tokens)

    tp4 = split(weights, to4)
    tp4_logits = forward(tp4, tokens)
    merged4 = merge(tp4, to4, 256)
    tp2, copied = reshard_counting(tp4, to4, to2)
    merged2 = merge(tp2, to2, 256)
    tp2_logits = forward(tp2, tokens)
    checks = {
        "tensors": len(weights),
        "bit_identical_after_tp4_merge": sum(torch.equal(weights[n], merged4[n]) for n in weights),
        "bit_identical_after_tp4_to_tp2_merge": sum(torch.equal(weights[n], merged2[n]) for n in weights),
        "logits_bit_identical_after_round_trip": bool(torch.equal(forward([merged2], tokens), reference)),
        "tp4_forward_max_abs_difference": float((tp4_logits - reference).abs().max()),
        "tp2_forward_max_abs_difference": float((tp2_logits - reference).abs().max()),
        "naive_qkv_split_max_abs_difference": float((forward(naive(to4, weights, "qkv"), tokens) - reference).abs().max()),
        "naive_swiglu_split_max_abs_difference": float(
            (forward(naive(to4, weights, "swiglu"), tokens) - reference).abs().max()),
        "logits_max_abs": float(reference.abs().max()),
    }
    for key, value in checks.items():
        print("%-40s %s" % (key, value))
    ok = (checks["bit_identical_after_tp4_merge"] == len(weights)
          and checks["bit_identical_after_tp4_to_tp2_merge"] == len(weights)
          and checks["logits_bit_identical_after_round_trip"]
          and checks["tp4_forward_max_abs_difference"] < 1e-4 and checks["tp2_forward_max_abs_difference"] < 1e-4
          and checks["naive_qkv_split_max_abs_difference"] > 0.1 and checks["naive_swiglu_split_max_abs_difference"] > 0.1)
    cases = []
    for (t, s), nbytes in sorted(copied.items()):
        cases.append({"id": "tp4-to-tp2-rank%d-from-rank%d" % (t, s),
                      "what": "GQA + SwiGLU model, tp 4 -> 2: weight bytes tp=2 rank %d copies from tp=4 rank %d" % (t, s),
                      "command": "reshard",
                      "reshard": {"scenario": SCENARIO, "from": "tp=4,pp=1,dp=1", "to": "tp=2,pp=1,dp=1"},
                      "quantity": "transfers[to_rank=%d,from_rank=%d].weights_bytes" % (t, s),
                      "measured": nbytes, "unit": "bytes", "tolerance": 0})
    ec.write_results(args.out, SCRIPT, METHOD, cases, extra={"checks": checks})
    if not ok:
        sys.exit("resharding check FAILED: %s" % checks)


if __name__ == "__main__":
    main()
