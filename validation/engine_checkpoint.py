#!/usr/bin/env python3
"""Bytes of a training checkpoint, measured with torch.save: whole checkpoints of a small Llama-style
model, and per-rank checkpoints of ZeRO stage 1 (ZeroRedundancyOptimizer, gloo, 4 processes).

Each checkpoint is a dict of its states, saved with torch.save the way Megatron-LM's legacy format
saves one file per rank: "model" (the weights in the model's dtype), "master" (fp32 master
weights, mixed precision only), "optimizer" (torch.optim's state_dict: moments and one 'step'
tensor per parameter tensor), "rng" (torch.get_rng_state()) and "progress" (iteration, epoch and
consumed samples, plain integers). The measured value is the bytes of tensor data in the written
file (the sizes of its data/ records), compared with the sum of ShardScope's checkpoint contents;
the file sizes and the bytes of each state are recorded beside them.

Usage: /usr/bin/python3 validation/engine_checkpoint.py [--out validation/results/engine_checkpoint.json]
"""
import json
import os
import tempfile
import time
import zipfile

import torch
import torch.distributed as dist
import torch.nn as nn

import engine_common as ec
import engine_layers as el

SCRIPT = "validation/engine_checkpoint.py"
SEED = 20261130
WORLD = 4
# The Llama-style model of engine_params.py's "llama-small-gqa" case.
LLAMA = dict(layers=4, hidden=256, heads=8, kv_heads=2, head_dim=32, ffn=688, vocab=1000)
LORA_RANK = 8
# ZeRO-1 per rank: equal nn.Linear layers, a multiple of WORLD of them, so ZeroRedundancyOptimizer's
# greedy size-sorted partition gives every rank the same share (as engine_zero1.py).
ZERO_LAYERS, ZERO_WIDTH = 8, 512
# ShardScope counts the CUDA generator's 16 bytes (Philox seed and offset) per rank; a CPU run has none.
CUDA_RNG_BYTES = 16
CONTENTS = ["weights", "master_weights", "optimizer_states", "step_counters", "rng_state"]

METHOD = (
    "torch.save of a checkpoint dict per rank, as Megatron-LM's legacy format writes one file per rank: 'model' "
    "(the trained weights in the model's dtype: the whole Llama-style model, or only the LoRA adapters for an "
    "adapter-only checkpoint; the rotary tables, which Hugging Face registers as non-persistent buffers, are left "
    "out), 'master' (fp32 copies of the trained weights for bf16 mixed precision), 'optimizer' (the torch.optim "
    "state_dict after one step: AdamW's exp_avg and exp_avg_sq or SGD's momentum_buffer, and a 0-dimensional fp32 "
    "'step' tensor per parameter tensor in PyTorch 1.13), 'rng' (torch.get_rng_state(), 5,056 bytes) and "
    "'progress' (iteration, epoch, consumed samples as Python integers). The measured value is the tensor data in "
    "the file: the sum of the sizes of the zip archive's data/ records, checked to equal the sum of the states' "
    "numel * element_size. It is compared with ShardScope's checkpoint contents (weights, master weights, "
    "optimizer states, step counters, random number generators) for the same model, precision, optimizer and "
    "layout, less the 16 bytes of CUDA generator state a GPU rank adds (a known difference). Per rank: 4 processes "
    "(gloo, 127.0.0.1) run torch.distributed.optim.ZeroRedundancyOptimizer (ZeRO stage 1) over equal nn.Linear "
    "layers; data-parallel rank 0 also writes the model's weights (DeepSpeed's mp_rank_00_model_states.pt), every "
    "rank its own master-weight and optimizer shard (DeepSpeed's zero_pp_rank_N_mp_rank_00_optim_states.pt); the "
    "largest rank's weights, master weights and optimizer states are compared with ShardScope's most loaded rank "
    "(its step counters follow the Llama-2 shape of --params, so they are recorded, not compared). File sizes add "
    "the zip and pickle framing; one case compares a whole file's size with ShardScope's checkpoint bytes. Everything is seeded and single-threaded; only sizes are "
    "recorded, so a re-run writes the same file."
)


def tensor_bytes(obj):
    """numel * element_size of every tensor inside nested dicts, lists and tuples."""
    if torch.is_tensor(obj):
        return obj.numel() * obj.element_size()
    if isinstance(obj, dict):
        return sum(tensor_bytes(v) for v in obj.values())
    if isinstance(obj, (list, tuple)):
        return sum(tensor_bytes(v) for v in obj)
    return 0


def optimizer_bytes(state_dict):
    """(moments, step counters) of a torch.optim state_dict."""
    moments = steps = 0
    for per_param in state_dict["state"].values():
        for key, value in per_param.items():
            if torch.is_tensor(value):
                if key == "step":
                    steps += value.numel() * value.element_size()
                else:
                    moments += value.numel() * value.element_size()
    return moments, steps


def save_and_measure(checkpoint, path):
    """Writes the checkpoint and returns (bytes of tensor data in the file, file size, bytes per state)."""
    torch.save(checkpoint, path)
    with zipfile.ZipFile(path) as archive:
        data = sum(i.file_size for i in archive.infolist() if "/data/" in i.filename and not i.filename.endswith("/"))
    moments, steps = optimizer_bytes(checkpoint["optimizer"]) if "optimizer" in checkpoint else (0, 0)
    states = {"weights": tensor_bytes(checkpoint.get("model", {})), "master_weights": tensor_bytes(checkpoint.get("master", [])),
              "optimizer_states": moments, "step_counters": steps, "rng_state": tensor_bytes(checkpoint.get("rng"))}
    assert sum(states.values()) == data, (states, data)
    return data, os.path.getsize(path), states


def fake_step(optimizer, params, seed):
    """One optimizer step with seeded gradients: fills the optimizer's state as training would."""
    generator = torch.Generator().manual_seed(seed)
    for p in params:
        p.grad = torch.randn(p.shape, generator=generator, dtype=p.dtype)
    optimizer.step()


def make_optimizer(name, params):
    if name == "adamw":
        return torch.optim.AdamW(params, lr=1e-3, weight_decay=0.01)
    return torch.optim.SGD(params, lr=1e-2, momentum=0.9)


def progress():
    return {"iteration": 1, "epoch": 0, "consumed_samples": 8}


def llama_model(dtype):
    c = LLAMA
    torch.manual_seed(SEED)
    return el.LlamaModel(c["layers"], c["hidden"], c["heads"], c["kv_heads"], c["head_dim"], c["ffn"], c["vocab"],
                         max_positions=64, dtype=dtype)


def llama_group():
    c = LLAMA
    return ec.model_group(c["layers"], c["hidden"], c["heads"], c["kv_heads"], c["head_dim"], c["ffn"], c["vocab"],
                          "swiglu", "rmsnorm", tied_embeddings=False, dropout=False, bias=False, position="rotary")


def whole_checkpoint(precision, optimizer_name, lora):
    """One rank's full checkpoint of the Llama-style model: the states and their measured bytes."""
    mixed = precision == "bf16-mixed"
    model = llama_model(torch.bfloat16 if mixed else torch.float32)
    if lora:
        # LoRA on q and v (Hu et al. 2021): A (r x in), B (out x r) per target; the base stays frozen and
        # is not saved (an adapter-only checkpoint, as PEFT's save_pretrained writes).
        generator = torch.Generator().manual_seed(SEED)
        trained = {}
        for i, layer in enumerate(model.layers):
            for name in ("q_proj", "v_proj"):
                linear = getattr(layer, name)
                a = torch.randn(LORA_RANK, linear.in_features, generator=generator).to(linear.weight.dtype)
                b = torch.zeros(linear.out_features, LORA_RANK, dtype=linear.weight.dtype)
                trained["layers.%d.%s.lora_A" % (i, name)] = a
                trained["layers.%d.%s.lora_B" % (i, name)] = b
    else:
        # named_parameters(): the trained weights; the rotary cos/sin buffers are not state.
        trained = {name: p.detach() for name, p in model.named_parameters()}
    if mixed:
        master = [t.float().clone() for t in trained.values()]
        stepped = master
    else:
        master = []
        stepped = [t.clone() for t in trained.values()]
    optimizer = make_optimizer(optimizer_name, stepped)
    fake_step(optimizer, stepped, SEED + 1)
    checkpoint = {"model": trained, "optimizer": optimizer.state_dict(), "rng": torch.get_rng_state(),
                  "progress": progress()}
    if mixed:
        checkpoint["master"] = master
    return checkpoint, sum(t.numel() for t in trained.values())


def whole_case(case_id, what, precision, optimizer_name, lora, out_dir):
    checkpoint, trained = whole_checkpoint(precision, optimizer_name, lora)
    data, size, states = save_and_measure(checkpoint, os.path.join(out_dir, case_id + ".pt"))
    training = {"seq_len": 64, "micro_batch": 1, "global_batch": 1, "precision": precision, "optimizer": optimizer_name}
    if precision == "fp32":
        training["grad_dtype"] = "fp32"
    if lora:
        training.update({"finetune": "lora", "lora_rank": LORA_RANK, "lora_targets": "q,v"})
    print("%-28s tensor data %d bytes, file %d bytes (%d trained parameters)" % (case_id, data, size, trained))
    return {
        "id": case_id,
        "what": what,
        "command": "ops",
        "scenario": {"model": llama_group(), "training": training,
                     "parallel": {"gpus": 1, "dp": 1, "tp": 1, "pp": 1, "zero": 0}},
        "quantity": ["checkpoint.contents.%s" % c for c in CONTENTS],
        "measured": data,
        "unit": "bytes",
        "tolerance": 0,
        "known_difference": CUDA_RNG_BYTES,
        "note": "ShardScope's random-number state adds the CUDA generator's 16 bytes, which a CPU run does not have.",
        "breakdown": dict(states, file_bytes=size),
    }


def file_case(case):
    """The whole file against ShardScope's checkpoint bytes: the tensors plus the zip and pickle framing."""
    framing = case["breakdown"]["file_bytes"] - case["measured"]
    return {
        "id": case["id"] + "-file",
        "what": case["what"].split(":")[0] + ": the size of the file torch.save wrote",
        "command": "ops",
        "scenario": case["scenario"],
        "quantity": "checkpoint.bytes",
        "measured": case["breakdown"]["file_bytes"],
        "unit": "bytes",
        "tolerance": 0.005,
        "note": "The file adds %d bytes of zip records and pickled structure (%.2f%%) to the tensor data; ShardScope "
                "counts tensor bytes and the data-loader position as 64-bit integers." % (
                    framing, 100.0 * framing / case["breakdown"]["file_bytes"]),
    }


def zero1_worker(rank, world, port, out_dir):
    """Each rank writes its ZeRO-1 checkpoint file; rank 0 also the model's weights."""
    from torch.distributed.optim import ZeroRedundancyOptimizer
    torch.set_num_threads(1)
    ec.init_gloo(rank, world, port)
    results = {}
    for precision in ("fp32", "bf16-mixed"):
        torch.manual_seed(SEED)  # identical weights on every rank
        dtype = torch.bfloat16 if precision == "bf16-mixed" else torch.float32
        model = nn.Sequential(*[nn.Linear(ZERO_WIDTH, ZERO_WIDTH, bias=False) for _ in range(ZERO_LAYERS)]).to(dtype)
        params = [p.detach() for p in model.parameters()]
        stepped = [p.float().clone() for p in params] if precision == "bf16-mixed" else params
        optimizer = ZeroRedundancyOptimizer(stepped, optimizer_class=torch.optim.AdamW, lr=1e-3, weight_decay=0.01)
        fake_step(optimizer, stepped, SEED + 1)  # the same gradients on every rank: ZeRO-1 steps each rank's shard
        owned = {id(p) for group in optimizer.optim.param_groups for p in group["params"]}
        checkpoint = {"optimizer": optimizer.optim.state_dict(), "rng": torch.get_rng_state(), "progress": progress()}
        if precision == "bf16-mixed":
            checkpoint["master"] = [p for p in stepped if id(p) in owned]  # this rank's fp32 partition
        if rank == 0:
            checkpoint["model"] = dict(model.state_dict())
        data, size, states = save_and_measure(checkpoint, os.path.join(out_dir, "%s-rank%d.pt" % (precision, rank)))
        results[precision] = {"data": data, "size": size, "states": states,
                              "params": sum(p.numel() for p in params)}
        dist.barrier()
        del optimizer  # it holds the process group: gone before the group is destroyed
    with open(os.path.join(out_dir, "rank%d.json" % rank), "w") as f:
        json.dump(results, f)
    ec.end_process_group()


def zero1_cases(out_dir):
    ec.spawn(zero1_worker, (WORLD, ec.free_port(), out_dir), WORLD)
    per_rank = []
    for rank in range(WORLD):
        with open(os.path.join(out_dir, "rank%d.json" % rank)) as f:
            per_rank.append(json.load(f))
    cases = []
    for precision in ("fp32", "bf16-mixed"):
        runs = [r[precision] for r in per_rank]
        compared = [s["states"]["weights"] + s["states"]["master_weights"] + s["states"]["optimizer_states"] for s in runs]
        largest = max(range(WORLD), key=lambda r: compared[r])
        params = runs[0]["params"]
        breakdown = {"rank %d: %s" % (largest, k): v for k, v in sorted(runs[largest]["states"].items())}
        breakdown["rank %d: file_bytes" % largest] = runs[largest]["size"]
        training = {"seq_len": 64, "micro_batch": 1, "global_batch": WORLD, "precision": precision, "optimizer": "adamw"}
        if precision == "fp32":
            training["grad_dtype"] = "fp32"
        case_id = "zero1-dp4-%s-rank-%dx%dx%d" % (precision, ZERO_LAYERS, ZERO_WIDTH, ZERO_WIDTH)
        cases.append({
            "id": case_id,
            "what": "ZeRO-1 (ZeroRedundancyOptimizer, AdamW, %s) on 4 ranks, %d Linear %dx%d layers (%d parameters): "
                    "weights, master weights and optimizer states the largest rank writes"
                    % (precision, ZERO_LAYERS, ZERO_WIDTH, ZERO_WIDTH, params),
            "command": "ops",
            "scenario": {"model": {"params": params}, "training": training,
                         "parallel": {"gpus": WORLD, "dp": WORLD, "tp": 1, "pp": 1, "zero": 1}},
            "quantity": ["checkpoint.contents_per_rank_max.weights", "checkpoint.contents_per_rank_max.master_weights",
                         "checkpoint.contents_per_rank_max.optimizer_states"],
            "measured": compared[largest],
            "unit": "bytes",
            "tolerance": 0,
            "breakdown": breakdown,
            "per_rank": compared,
        })
        print("%-36s per rank %s (files %s bytes)" % (case_id, compared, [r["size"] for r in runs]))
    return cases


def distributed_checkpoint_status():
    """Whether this PyTorch has distributed checkpointing (torch.distributed.checkpoint, or 1.13's
    torch.distributed._shard.checkpoint) that can be imported: Debian's 1.13 on Python 3.11 has neither
    (the first does not exist, the second fails on a dataclass default, fixed upstream by PR #91795)."""
    status = {}
    for module in ("torch.distributed.checkpoint", "torch.distributed._shard.checkpoint"):
        try:
            __import__(module)
            status[module] = "importable"
        except Exception as error:  # noqa: BLE001 - recorded, whatever it is
            status[module] = "%s: %s" % (type(error).__name__, str(error).splitlines()[0])
    return status


def main():
    args = ec.out_path_argument("engine_checkpoint.json", __doc__.splitlines()[0]).parse_args()
    torch.set_num_threads(1)
    started = time.time()
    with tempfile.TemporaryDirectory() as out_dir:
        cases = [
            whole_case("ckpt-llama-fp32-adamw", "Llama-style (4 layers, h 256, kv 2, f 688, V 1000), fp32, AdamW: "
                       "the whole checkpoint's tensor data", "fp32", "adamw", False, out_dir),
            whole_case("ckpt-llama-bf16-mixed-adamw", "the same model in bf16 mixed precision, AdamW: bf16 weights, "
                       "fp32 master weights, fp32 moments", "bf16-mixed", "adamw", False, out_dir),
            whole_case("ckpt-llama-bf16-mixed-sgd", "the same, SGD with momentum: one fp32 momentum per parameter",
                       "bf16-mixed", "sgd-momentum", False, out_dir),
            whole_case("ckpt-llama-lora-r8-qv", "the same, LoRA rank 8 on q and v, adapter-only checkpoint (the frozen "
                       "base is not saved)", "bf16-mixed", "adamw", True, out_dir),
        ]
        cases.append(file_case(cases[1]))
        cases += zero1_cases(out_dir)
    extra = {"distributed_checkpoint": distributed_checkpoint_status()}
    ec.write_results(args.out, SCRIPT, METHOD, cases, extra=extra)
    print("%.1f s in all" % (time.time() - started))


if __name__ == "__main__":
    main()
