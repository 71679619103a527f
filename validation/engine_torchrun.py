#!/usr/bin/env python3
"""What ShardScope's torchrun export holds and sends when a real engine runs it.

For small Llama-style and GPT-style scenarios, runs `shardscope-cli export-config --engine
torchrun`, launches the script it writes with torchrun on the CPU (gloo, 4 processes) for two
steps with --report, and records each rank's weight, gradient and optimizer-state bytes and the
bytes it handed to collectives per step. The cases compare them with ShardScope's estimate of the
same scenario (memory.per_gpu and communication.per_step).

Needs a built shardscope-cli (scripts/test runs it after the release build).

Usage: /usr/bin/python3 validation/engine_torchrun.py [--out validation/results/engine_torchrun.json]
"""
import copy
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

import engine_common as ec

SCRIPT = "validation/engine_torchrun.py"
WORLD = 4
STEPS = 2

LLAMA = {"layers": 2, "hidden": 64, "heads": 4, "kv_heads": 2, "head_dim": 16, "ffn_hidden": 176, "vocab": 256,
         "mlp": "swiglu", "norm": "rmsnorm", "position": "rotary", "tied_embeddings": False, "dropout": False,
         "qkv_bias": False, "out_proj_bias": False, "mlp_bias": False}
GPT = {"layers": 2, "hidden": 64, "heads": 4, "kv_heads": 4, "head_dim": 16, "ffn_hidden": 256, "vocab": 320,
       "mlp": "gelu", "norm": "layernorm", "position": "learned", "max_positions": 64, "tied_embeddings": True,
       "dropout": True, "qkv_bias": True, "out_proj_bias": True, "mlp_bias": True}

# (id, model, zero, optimizer, recompute)
RUNS = [
    ("llama-ddp-adamw-full", LLAMA, 0, "adamw", "full"),
    ("llama-zero1-adamw-selective", LLAMA, 1, "adamw", "selective"),
    ("gpt-ddp-sgd-none", GPT, 0, "sgd-momentum", "none"),
]

METHOD = (
    "shardscope-cli export-config --engine torchrun writes a self-contained PyTorch script for the scenario "
    "(the model built from its shape, DistributedDataParallel for ZeRO stage 0 or "
    "torch.distributed.optim.ZeroRedundancyOptimizer for stage 1, torch.utils.checkpoint as the recompute "
    "policy says, DistributedSampler over synthetic tokens). This script launches it with torchrun "
    "(python3 -m torch.distributed.run --standalone --nproc_per_node 4, gloo on the CPU) for two steps of "
    "global batch 16 (micro-batch 2, 2 accumulation steps under no_sync) with --report. Each rank then records "
    "sum(numel * element_size) of its parameters, of their .grad, and of its optimizer's state tensors (the "
    "0-dimensional 'step' counters of PyTorch 1.13's AdamW apart, in the breakdown), and the bytes it handed "
    "to collectives: DDP's buckets through a communication hook that all-reduces them as DDP's default hook "
    "does, and ZeroRedundancyOptimizer's dist.broadcast of every rank's updated shard (wrapped). ShardScope "
    "is given the same scenario (fp32, dp 4). DDP's all-reduce of the whole gradient is the dp all-reduce "
    "ShardScope lists; under ZeRO-1 PyTorch still all-reduces the whole gradient where Megatron-LM's "
    "distributed optimizer reduce-scatters it (the same buffer: the cases compare ShardScope's reduce-scatter "
    "bytes with it) and broadcasts the updated shards where Megatron all-gathers them (together the whole "
    "parameter buffer, compared with ShardScope's all-gather). ZeroRedundancyOptimizer assigns whole "
    "parameter tensors to ranks greedily, so its ranks hold unequal optimizer states: the sum over the four "
    "ranks is compared exactly with ShardScope's per-GPU states times 4, and the largest rank with a tolerance "
    "that states the imbalance."
)


def scenario(model, zero, optimizer, recompute):
    return {"model": copy.deepcopy(model),
            "training": {"seq_len": 32, "micro_batch": 2, "global_batch": 16, "precision": "fp32", "grad_dtype": "fp32",
                         "optimizer": optimizer, "recompute": recompute},
            "parallel": {"gpus": WORLD, "dp": WORLD, "tp": 1, "pp": 1, "zero": zero},
            "cluster": {"gpus_per_node": WORLD}}


def run_export(cli, scen, workdir):
    path = os.path.join(workdir, "scenario.json")
    with open(path, "w") as f:
        json.dump(scen, f)
    script = os.path.join(workdir, "shardscope_train.py")
    out = subprocess.run([cli, "export-config", "--engine", "torchrun", "--scenario", path, "--out", script],
                         check=True, capture_output=True, text=True).stdout
    launch = [line for line in out.splitlines() if line.startswith("launch: ")][0][len("launch: "):]
    assert launch.startswith("torchrun --standalone --nnodes 1 --nproc_per_node %d " % WORLD), launch
    return script


def run_script(script, workdir):
    report = os.path.join(workdir, "report")
    env = dict(os.environ, OMP_NUM_THREADS="1", GLOO_SOCKET_IFNAME="lo")
    # The exported launch line, run with Debian's torch: `--redirects 1 --tee 2` because torchrun of
    # PyTorch 1.13 under Python 3.11 fails on its defaults ("0": Std.from_str finds no IntFlag member
    # for 0 once Python 3.11 stopped iterating zero-valued flags), not because the script needs them.
    # In its own session, so that a launch that hangs (see ec.spawn) is killed with its workers after
    # the deadline and fails with a message instead of hanging the test run.
    launch = subprocess.Popen([sys.executable, "-m", "torch.distributed.run", "--standalone", "--nnodes", "1",
                               "--nproc_per_node", str(WORLD), "--redirects", "1", "--tee", "2",
                               script, "--steps", str(STEPS), "--cpu", "--report", report],
                              env=env, cwd=workdir, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              start_new_session=True)
    try:
        output, _ = launch.communicate(timeout=ec.DEADLINE_SECONDS)
    except subprocess.TimeoutExpired:
        os.killpg(launch.pid, signal.SIGKILL)
        output, _ = launch.communicate()
        raise RuntimeError("the torchrun launch did not finish within %d s (killed):\n%s" % (ec.DEADLINE_SECONDS, output))
    if launch.returncode != 0:
        raise RuntimeError("the torchrun launch failed with status %d:\n%s" % (launch.returncode, output))
    ranks = []
    for r in range(WORLD):
        with open("%s.rank%d.json" % (report, r)) as f:
            ranks.append(json.load(f))
    return ranks


def cases_for(run_id, scen, ranks):
    zero = scen["parallel"]["zero"]
    params = ranks[0]["parameters"]
    words = "torchrun export, %s, %d parameters, dp %d, ZeRO %d, %s, recompute %s" % (
        "Llama-style" if scen["model"]["mlp"] == "swiglu" else "GPT-style", params, WORLD, zero,
        scen["training"]["optimizer"], scen["training"]["recompute"])
    base = {"command": "estimate", "scenario": scen, "unit": "bytes", "tolerance": 0}
    out = []

    def case(suffix, what, quantity, measured, **extra):
        c = dict(base, id="%s-%s" % (run_id, suffix), what="%s: %s" % (words, what), quantity=quantity,
                 measured=measured)
        c.update(extra)
        out.append(c)

    for key in ("weights", "gradients"):
        values = [r[key] for r in ranks]
        assert len(set(values)) == 1, (key, values)
        case(key, "%s per rank" % key, "memory.per_gpu.%s" % key, values[0], per_rank=values)
    states = [r["optimizer_states"] for r in ranks]
    counters = {"rank %d: 0-dimensional step counters (not compared)" % i: r["optimizer_step_counters"]
                for i, r in enumerate(ranks)}
    if zero == 0:
        assert len(set(states)) == 1, states
        case("optimizer-states", "optimizer states per rank", "memory.per_gpu.optimizer_states", states[0],
             per_rank=states, breakdown=counters)
    else:
        case("optimizer-states-sum", "optimizer states summed over the 4 ranks (each rank's shard)",
             "memory.per_gpu.optimizer_states", sum(states), multiplier=WORLD, per_rank=states, breakdown=counters)
        largest = max(states)
        imbalance = abs(largest - sum(states) / WORLD) / largest
        case("optimizer-states-largest-rank", "the largest rank's optimizer states (whole tensors per rank)",
             "memory.per_gpu.optimizer_states", largest, per_rank=states, tolerance=round(imbalance + 0.005, 3),
             note="ZeroRedundancyOptimizer places whole parameter tensors greedily, largest first; ShardScope "
                  "divides the states evenly (Megatron-LM's distributed optimizer cuts a flat buffer). The "
                  "tolerance is this run's imbalance, %.1f%%." % (100 * imbalance))
    comm = [r["communication_per_step"] for r in ranks]
    allreduce = {c.get("all-reduce", 0) for c in comm}
    assert len(allreduce) == 1, comm
    allreduce = allreduce.pop()
    if zero == 0:
        case("all-reduce", "bytes DDP all-reduces per step (its buckets)",
             "communication.per_step[dimension=dp,collective=all-reduce].bytes*calls", allreduce)
    else:
        broadcast = {c.get("broadcast", 0) for c in comm}
        assert len(broadcast) == 1, comm
        case("gradient-reduction", "gradient bytes reduced per step (PyTorch: DDP all-reduce; ShardScope: "
             "reduce-scatter of the same buffer)",
             "communication.per_step[dimension=dp,collective=reduce-scatter].bytes*calls", allreduce)
        case("parameter-gather", "updated parameter bytes shared per step (PyTorch: broadcast of each shard; "
             "ShardScope: all-gather of the same buffer)",
             "communication.per_step[dimension=dp,collective=all-gather].bytes*calls", broadcast.pop())
    return out


def main():
    args = ec.out_path_argument("engine_torchrun.json", __doc__.splitlines()[0]).parse_args()
    cli = ec.find_cli()
    if cli is None:
        sys.exit("shardscope-cli not found (build it, or set SHARDSCOPE_CLI)")
    started = time.time()
    cases = []
    for run_id, model, zero, optimizer, recompute in RUNS:
        scen = scenario(model, zero, optimizer, recompute)
        with tempfile.TemporaryDirectory() as workdir:
            script = run_export(cli, scen, workdir)
            ranks = run_script(script, workdir)
        cases.extend(cases_for(run_id, scen, ranks))
        print("%-32s weights %d, gradients %d, optimizer states per rank %s, communication per step %s" % (
            run_id, ranks[0]["weights"], ranks[0]["gradients"], [r["optimizer_states"] for r in ranks],
            ranks[0]["communication_per_step"]))
    ec.write_results(args.out, SCRIPT, METHOD, cases)
    print("%.1f s in all" % (time.time() - started))


if __name__ == "__main__":
    main()
