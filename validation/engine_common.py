#!/usr/bin/env python3
"""Shared pieces of the engine measurements (validation/engine_*.py).

* The layers and models measured are in engine_layers.py.
* A meter for the tensors autograd saves for backward (torch.autograd.graph.saved_tensors_hooks).
* The results file (one per script) and a checker that runs shardscope-cli on every case:

      /usr/bin/python3 validation/engine_common.py --check validation/results/engine_*.json

This file computes nothing of ShardScope's: the measurements must stand on their own.
"""
import argparse
import json
import os
import subprocess
import sys

import torch

import engine_layers

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
RESULTS = os.path.join(HERE, "results")


# --------------------------------------------------------------------------------------------
# Results files
# --------------------------------------------------------------------------------------------

def out_path_argument(default_name, description):
    """Parses the only option every script takes: --out PATH (default validation/results/NAME)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--out", default=os.path.join(RESULTS, default_name), help="results file to write")
    return parser


def debian_torch_package():
    """The Debian package torch was loaded from ("python3-torch 1.13.1+dfsg-4"), or None for a pip
    or source install: torch.__version__ alone reads 1.13.0a0 for Debian's 1.13.1 build."""
    if not torch.__file__.startswith("/usr/lib/python3/dist-packages/"):
        return None
    try:
        version = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "python3-torch"],
                                 capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return "python3-torch " + version if version else None


def write_results(path, script, method, cases, extra=None, device="cpu"):
    """Writes the results document: sorted keys, indent 2, no timestamps (re-runs give the same file)."""
    ids = [c["id"] for c in cases]
    if len(ids) != len(set(ids)):
        raise ValueError("duplicate case ids: %s" % ids)
    document = {
        "engine": "PyTorch",
        "torch_version": torch.__version__,
        "device": device,
        "script": script,
        "method": method,
        "cases": cases,
    }
    package = debian_torch_package()
    if package:
        document["torch_package"] = package
    if extra:
        document.update(extra)
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    with open(path, "w") as f:
        json.dump(document, f, indent=2, sort_keys=True)
        f.write("\n")
    print("wrote %d cases to %s" % (len(cases), path))


def model_group(layers, hidden, heads, kv_heads, head_dim, ffn_hidden, vocab, mlp, norm, tied_embeddings,
                dropout, bias, position, max_positions=None):
    """A ShardScope scenario "model" group with every shape field given explicitly."""
    group = {
        "layers": layers, "hidden": hidden, "heads": heads, "kv_heads": kv_heads, "head_dim": head_dim,
        "ffn_hidden": ffn_hidden, "vocab": vocab, "mlp": mlp, "norm": norm,
        "tied_embeddings": tied_embeddings, "dropout": dropout, "qkv_bias": bias, "out_proj_bias": bias,
        "mlp_bias": bias, "position": position,
    }
    if position == "learned":
        group["max_positions"] = max_positions
    return group


# --------------------------------------------------------------------------------------------
# Measuring what autograd saves
# --------------------------------------------------------------------------------------------

def storage_of(t):
    """(data pointer, bytes) of the storage behind a tensor (views share their base's)."""
    if hasattr(t, "untyped_storage"):
        st = t.untyped_storage()
        return st.data_ptr(), st.nbytes()
    st = t.storage()
    return st.data_ptr(), st.nbytes()


class SavedTensorMeter:
    """Records every tensor autograd saves for backward while active, excluding the module's
    parameters and buffers (matched by storage), counting each distinct storage once."""

    def __init__(self, module, classify=None):
        self.excluded = {storage_of(t)[0] for t in list(module.parameters()) + list(module.buffers())}
        self.classify = classify  # tensor -> a category other than "activation", or None
        self.storages = {}   # data_ptr -> record
        self.order = []
        self.excluded_saves = 0
        self.saves = 0
        self._keep = []      # holds the saved tensors, so no storage address is reused while measuring
        self._hooks = None

    def _pack(self, t):
        # Returns a detached alias (same storage, no autograd history): returning `t` itself would
        # make a saved output reference its own grad_fn through the packed object, a cycle Python's
        # garbage collector cannot see through, and the whole graph would leak.
        self.saves += 1
        ptr, nbytes = storage_of(t)
        if ptr in self.excluded:
            self.excluded_saves += 1
            return t.detach()
        if nbytes > 0 and ptr not in self.storages:
            category = (self.classify(t) if self.classify else None) or "activation"
            self.storages[ptr] = {"bytes": nbytes, "dtype": str(t.dtype).replace("torch.", ""),
                                  "region": engine_layers.current_region(), "category": category}
            self.order.append(ptr)
        alias = t.detach()
        self._keep.append(alias)
        return alias

    @staticmethod
    def _unpack(t):
        return t

    def __enter__(self):
        self._hooks = torch.autograd.graph.saved_tensors_hooks(self._pack, self._unpack)
        self._hooks.__enter__()
        return self

    def __exit__(self, *exc):
        self._hooks.__exit__(*exc)
        return False

    def total(self, category="activation", region_prefix=""):
        return sum(r["bytes"] for r in self.storages.values()
                   if r["category"] == category and r["region"].startswith(region_prefix))

    def by_region(self, category="activation", depth=1):
        """Bytes per region (its first `depth` parts), for one category."""
        result = {}
        for r in self.storages.values():
            if r["category"] == category:
                key = "/".join(r["region"].split("/")[:depth])
                result[key] = result.get(key, 0) + r["bytes"]
        return result

    def breakdown(self, output, category="activation", region_prefix=""):
        """Bytes per (region, autograd node and saved field) that saved each storage: walks the
        graph behind `output` and names, for every distinct storage, the nodes holding it.
        Only storages of `category` saved inside regions starting with `region_prefix` are listed."""
        holders = {ptr: set() for ptr in self.storages}
        seen = set()
        stack = [output.grad_fn]
        while stack:
            node = stack.pop()
            if node is None or node in seen:
                continue
            seen.add(node)
            name = node.name() if hasattr(node, "name") else type(node).__name__
            for field, tensor in _saved_fields(node):
                ptr, _ = storage_of(tensor)
                if ptr in holders:
                    holders[ptr].add("%s.%s" % (name, field))
            stack.extend(fn for fn, _ in node.next_functions if fn is not None)
        missing = [ptr for ptr, h in holders.items() if not h]
        if missing:
            raise RuntimeError("saved storages no graph node holds: %s" % [self.storages[p] for p in missing])
        result = {}
        for ptr in self.order:
            rec = self.storages[ptr]
            if rec["category"] != category or not rec["region"].startswith(region_prefix):
                continue
            key = "%s: %s [%s]" % (rec["region"], " + ".join(sorted(holders[ptr])), rec["dtype"])
            unique, n = key, 2
            while unique in result:  # a second storage of the same kind gets its own entry
                unique, n = "%s #%d" % (key, n), n + 1
            result[unique] = rec["bytes"]
        return result


def _saved_fields(node):
    """(field name, tensor) for everything a graph node saved."""
    if hasattr(node, "saved_tensors"):  # a custom autograd Function (incl. reentrant checkpoint)
        tensors = node.saved_tensors
        names = getattr(node, "saved_names", None) or ["saved%d" % i for i in range(len(tensors))]
        return [(n, t) for n, t in zip(names, tensors) if isinstance(t, torch.Tensor)]
    fields = []
    for attr in dir(node):
        if not attr.startswith("_saved_"):
            continue
        try:
            value = getattr(node, attr)
        except RuntimeError:  # a field saved as an undefined tensor, or freed
            continue
        field = attr[len("_saved_"):]
        if isinstance(value, torch.Tensor):
            fields.append((field, value))
        elif isinstance(value, (tuple, list)):
            fields.extend(("%s[%d]" % (field, i), v) for i, v in enumerate(value) if isinstance(v, torch.Tensor))
    return fields


# --------------------------------------------------------------------------------------------
# Distributed helpers
# --------------------------------------------------------------------------------------------

def free_port():
    import socket
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# How long a multi-process measurement may take before it counts as hung (each takes seconds).
DEADLINE_SECONDS = 600


def spawn(worker, args, nprocs, timeout=DEADLINE_SECONDS):
    """torch.multiprocessing.spawn with a deadline: a process that has not finished after `timeout`
    seconds is killed and the measurement fails with a message, instead of hanging the test run.
    (PyTorch 1.13 with gloo can deadlock at exit: the process group's destructor joins its worker
    thread while holding the GIL, and that thread waits for the GIL to free a tensor. Workers
    call end_process_group() to make that unlikely; this makes it visible when it happens.)"""
    import time
    import torch.multiprocessing as mp
    context = mp.spawn(worker, args=args, nprocs=nprocs, join=False)
    deadline = time.monotonic() + timeout
    while not context.join(timeout=2):
        if time.monotonic() > deadline:
            for process in context.processes:
                if process.is_alive():
                    process.kill()
            raise RuntimeError("%d processes did not finish within %d s (killed); a gloo deadlock at exit?"
                               % (nprocs, timeout))


def end_process_group():
    """Ends a worker's process group safely. The caller first deletes every object that holds the
    group (a DistributedDataParallel wrapper, a ZeroRedundancyOptimizer), so that they are
    collected here while the group is still registered: if one of them dropped the last reference
    after destroy_process_group, its destructor would join gloo's thread under the GIL (see spawn)."""
    import gc
    import torch.distributed as dist
    gc.collect()
    dist.barrier()
    dist.destroy_process_group()


def init_gloo(rank, world, port):
    import torch.distributed as dist
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = str(port)
    os.environ.setdefault("GLOO_SOCKET_IFNAME", "lo")
    dist.init_process_group("gloo", rank=rank, world_size=world)


# --------------------------------------------------------------------------------------------
# Checking the results against shardscope-cli
# --------------------------------------------------------------------------------------------

def find_cli():
    candidates = [os.environ.get("SHARDSCOPE_CLI"),
                  os.path.join(REPO, "build", "release", "app", "shardscope-cli"),
                  os.path.join(REPO, "build", "debug", "app", "shardscope-cli")]
    for path in candidates:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


def check_files(paths):
    """Compares recorded results with the current core: `shardscope-cli validate` on just these
    files, so the comparison is the one CI runs. Returns the command's exit status."""
    cli = find_cli()
    if cli is None:
        print("shardscope-cli not found (build it, or set SHARDSCOPE_CLI); nothing checked")
        return 2
    args = [cli, "validate", "--no-built-in"]
    for path in paths:
        args += ["--cases", path]
    return subprocess.run(args, check=False).returncode


def main():
    parser = argparse.ArgumentParser(description="check engine results against shardscope-cli")
    parser.add_argument("--check", nargs="+", metavar="RESULTS_JSON", required=True)
    args = parser.parse_args()
    sys.exit(1 if check_files(args.check) else 0)


if __name__ == "__main__":
    main()
