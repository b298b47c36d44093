#!/usr/bin/env python3
"""Assay's throughput benchmark (docs/performance.md): scenarios against bench/stub.mjs, optionally
side by side with promptfoo. Standard library only. Run through bin/bench."""

import argparse
import csv
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Every measured run starts from nothing: a kept local database (docs/cli.md) would answer later runs from its cache.
os.environ["ASSAY_LOCAL_DATA"] = "temp"
PROMPTFOO_VERSION = "0.121.20"
CALLS_PER_ITEM = 2  # the answer and one judge call, for both tools


def load():
    """The machine's load beside each figure: /proc/loadavg's three averages."""
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def cores():
    return os.cpu_count() or 1


# ---------------------------------------------------------------- the stub

class Stub:
    """bench/stub.mjs as a child process on 127.0.0.1, stopped by PID."""

    def __init__(self, latency_ms, scratch, refuse_every=0):
        port_file = Path(scratch) / f"stub-port-{latency_ms}-{refuse_every}"
        port_file.unlink(missing_ok=True)
        self.log = open(Path(scratch) / "stub.log", "a")
        refusing = ["--refuse-every", str(refuse_every), "--retry-after", "1"] if refuse_every else []
        self.proc = subprocess.Popen(["node", str(ROOT / "bench" / "stub.mjs"), "--latency-ms", str(latency_ms),
                                      "--port-file", str(port_file), *refusing], stdout=self.log, stderr=self.log)
        deadline = time.time() + 15
        while not port_file.exists() or not port_file.read_text().strip():
            if time.time() > deadline or self.proc.poll() is not None:
                raise SystemExit("bench: the stub did not start (see %s/stub.log)" % scratch)
            time.sleep(0.05)
        self.port = int(port_file.read_text())
        self.base_url = f"http://127.0.0.1:{self.port}/v1"

    def stats(self):
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/stats", timeout=10) as r:
            return json.load(r)

    def reset(self):
        urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{self.port}/reset", method="POST"), timeout=10).read()

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


# ---------------------------------------------------------------- measuring one command

def _processes():
    """{pid: (ppid, comm)} of every process now."""
    procs = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        procs[int(entry)] = (int(stat[stat.rindex(")") + 2:].split()[1]), stat[stat.index("(") + 1:stat.rindex(")")])
    return procs


def _argv(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().decode(errors="replace").split("\0")
    except OSError:
        return []


def kind(argv):
    """What a process of the stack is: cli (the CLI's JVM, which holds the broker), local-service, postgres, or other."""
    if any(a.endswith("quarkus-run.jar") for a in argv):
        return "local-service"
    if any(a.endswith("assay-cli.jar") or a.endswith("StackDaemon") for a in argv):
        return "cli"
    if argv and ("postgres" in os.path.basename(argv[0]) or argv[0].startswith("postgres:")):
        return "postgres"
    return "other"


def stack_pids(root_pid):
    """root_pid, its descendants, and the PostgreSQL server each local-service of them uses: pg_ctl
    detaches the postmaster (its parent is init), so it is found by the port in the service's JDBC URL,
    then its backends as its descendants. An AOT recorder a command leaves behind (docs/development.md)
    runs a stack of its own and is left out, with its descendants."""
    procs = _processes()
    children = {}
    for pid, (ppid, _) in procs.items():
        children.setdefault(ppid, []).append(pid)
    postmasters = None
    found, seen, todo = [], set(), [root_pid]
    while todo:
        pid = todo.pop()
        if pid not in procs or pid in seen:
            continue
        seen.add(pid)
        argv = _argv(pid)
        if any("AotRecorder" in a for a in argv):
            continue
        found.append((pid, kind(argv)))
        todo.extend(children.get(pid, []))
        for a in argv:
            if a.startswith("-Dquarkus.datasource.jdbc.url="):
                if postmasters is None:
                    postmasters = {}
                    for other, (ppid, comm) in procs.items():
                        if comm == "postgres" and procs.get(ppid, (0, ""))[1] != "postgres":
                            args = _argv(other)
                            if "-p" in args[:-1]:
                                postmasters[args[args.index("-p") + 1]] = other
                port = a.rsplit(":", 1)[-1].split("/")[0]
                if port in postmasters:
                    todo.append(postmasters[port])
    return found


def memory_kb(pid):
    """(RSS, PSS, anonymous PSS) of one process in kB, from /proc/PID/smaps_rollup; None if it is gone.
    PSS divides each page among the processes that map it: PostgreSQL's shared buffers count once
    over all its processes, not once per backend as in RSS."""
    values = {}
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                parts = line.split()
                if len(parts) == 3 and parts[2] == "kB":
                    values[parts[0].rstrip(":")] = int(parts[1])
    except OSError:
        return None
    if "Rss" not in values:
        return None
    return values["Rss"], values.get("Pss", values["Rss"]), values.get("Pss_Anon", 0)


def tree_memory(root_pid):
    """The stack's memory now: {"rss", "pss", "pss_anon"} summed (kB) and "parts", PSS per kind of process (kB)."""
    total = {"rss": 0, "pss": 0, "pss_anon": 0}
    parts = {}
    ticks = {}
    for pid, what in stack_pids(root_pid):
        m = memory_kb(pid)
        if m is None:
            continue
        for key, value in zip(("rss", "pss", "pss_anon"), m):
            total[key] += value
        parts[what] = parts.get(what, 0) + m[1]
        ticks[what] = ticks.get(what, 0) + cpu_ticks([pid])
    total["parts"] = parts
    total["ticks"] = ticks
    return total


def tree_rss_kb(root_pid):
    """Resident memory summed over root_pid, its descendants and its PostgreSQL server (RSS: shared pages once per process)."""
    return tree_memory(root_pid)["rss"]


class MemorySampler:
    """Samples tree_memory every 100 ms on a thread; keeps the peaks of summed RSS and of summed PSS,
    with the PSS of each kind of process at the PSS peak."""

    def __init__(self, root_pid):
        self.root_pid = root_pid
        self.peak_rss = 0
        self.peak = {"pss": 0, "pss_anon": 0, "parts": {}}
        # (epoch, CPU clock ticks per kind of process) at every sample: the CPU of each part between two moments
        self.cpu = []
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        while not self.done.is_set():
            self.sample()
            self.done.wait(0.1)

    def sample(self):
        m = tree_memory(self.root_pid)
        self.cpu.append((time.time(), m["ticks"]))
        self.peak_rss = max(self.peak_rss, m["rss"])
        if m["pss"] > self.peak["pss"]:
            self.peak = m
        return m

    def stop(self):
        self.done.set()
        self.thread.join()

    def cpu_between(self, start, end):
        """CPU seconds of each kind of process between two epochs (the samples nearest inside them), or None."""
        inside = [(t, ticks) for t, ticks in self.cpu if start <= t <= end]
        if len(inside) < 2:
            return None
        (t0, first), (t1, last) = inside[0], inside[-1]
        tick = os.sysconf("SC_CLK_TCK")
        return {kind: round((last.get(kind, 0) - first.get(kind, 0)) / tick, 2) for kind in sorted(last)}

    def figures(self):
        return {"peak_rss_mb": self.peak_rss / 1024, "peak_pss_mb": self.peak["pss"] / 1024,
                "peak_pss_anon_mb": self.peak["pss_anon"] / 1024,
                "peak_pss_parts_mb": {k: round(v / 1024) for k, v in sorted(self.peak["parts"].items())}}


class StampedLog:
    """Copies a command's output into its log, each line prefixed with the seconds since the command
    started, and keeps the epoch at which a line first matched each of the patterns asked for."""

    def __init__(self, stream, log, start, patterns):
        self.stream, self.log, self.start = stream, log, start
        self.patterns = patterns
        self.seen = {}
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        for raw in iter(self.stream.readline, b""):
            now = time.time()
            line = raw.decode(errors="replace").rstrip("\n")
            for name, pattern in self.patterns.items():
                if name not in self.seen and pattern.search(line):
                    self.seen[name] = now
            if self.log:
                self.log.write(f"+{now - self.start:8.3f} {line}\n")
        if self.log:
            self.log.flush()

    def join(self):
        self.thread.join()


def measure(cmd, env=None, cwd=None, log=None, patterns=None):
    """Runs cmd; returns wall seconds, CPU seconds of it and every descendant it reaped, the peaks of the
    tree's summed RSS and PSS (MB, sampled every 100 ms), exit code, start/end epoch, and the epoch at
    which its output first matched each of {@code patterns} (name: compiled regex), under "seen"."""
    start = time.time()
    proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    stamped = StampedLog(proc.stdout, log, start, patterns or {})
    sampler = MemorySampler(proc.pid)
    _, status, usage = os.wait4(proc.pid, 0)
    end = time.time()
    sampler.stop()
    stamped.join()
    proc.returncode = os.waitstatus_to_exitcode(status)
    return {"wall_s": end - start, "cpu_s": usage.ru_utime + usage.ru_stime, **sampler.figures(),
            "exit": proc.returncode, "start": start, "end": end, "seen": stamped.seen, "sampler": sampler}


# ---------------------------------------------------------------- the tools

def write_assay_inputs(folder, n, concurrency, base_url, timeout="120s"):
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "benchmark.yaml", "w") as f:
        f.write("name: bench\nquestions:\n")
        for i in range(n):
            f.write(f"  - id: q{i}\n    question: 'What is 2 + 2? (item {i})'\n"
                    "    template: {fields: {answer: {type: string, description: The number the response gives., ground_truth: '4'}}}\n")
    model = f"base_url: {base_url}, temperature: 0, max_concurrency: {concurrency}, timeout: {timeout}"
    (folder / "run.yaml").write_text(
        "name: bench\n"
        f"answering_models:\n  - {{interface: openai, model: bench-answerer, {model}}}\n"
        f"judges:\n  - {{interface: openai, model: bench-judge, {model}}}\n"
        "evaluation_mode: template_only\n")


def write_promptfoo_inputs(folder, n, base_url):
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "tests.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["question"])
        for i in range(n):
            w.writerow([f"What is 2 + 2? (item {i})"])
    provider = lambda model: {"id": f"openai:chat:{model}", "config": {"apiBaseUrl": base_url, "apiKey": "bench", "temperature": 0}}
    config = {"description": "bench", "prompts": ["{{question}}"], "providers": [provider("bench-answerer")],
              "defaultTest": {"options": {"provider": provider("bench-grader")},
                              "assert": [{"type": "llm-rubric", "value": "The response says 4."}]},
              "tests": "file://tests.csv"}
    (folder / "promptfooconfig.json").write_text(json.dumps(config, indent=1))


def install_promptfoo(scratch):
    home = Path(scratch).resolve() / "promptfoo"
    binary = home / "node_modules" / ".bin" / "promptfoo"
    if not binary.exists():
        home.mkdir(parents=True, exist_ok=True)
        print(f"bench: installing promptfoo {PROMPTFOO_VERSION} from npm into {home}", flush=True)
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", str(home), f"promptfoo@{PROMPTFOO_VERSION}"],
                       check=True, stdout=subprocess.DEVNULL)
    return binary


# Steps of `assay run` read off its output, for the tail's breakdown: the run submitted, its completion seen
# (the progress line of every result done), the reports written ("stopping the local stack" follows them).
ASSAY_STEPS = {"submitted": re.compile(r"^assay: run \S+ submitted"),
               "completion_seen": re.compile(r"\] (\d+)/\1 done"),
               "reports_written": re.compile(r"^assay: stopping the local stack")}


def run_assay(args, stub, n, concurrency, work, timeout="120s", name=None):
    folder = work / (name or f"assay-{n}-{concurrency}")
    shutil.rmtree(folder, ignore_errors=True)
    write_assay_inputs(folder, n, concurrency, stub.base_url, timeout)
    stub.reset()
    with open(folder / "out.log", "w") as log:
        m = measure([str(ROOT / "bin" / "assay"), "run", str(folder / "benchmark.yaml"), "--out", str(folder / "results"), "--own-stack"],
                    log=log, cwd=folder, patterns=ASSAY_STEPS)
    reports = list((folder / "results").rglob("report.html"))
    m["reports_at"] = max((p.stat().st_mtime for p in reports), default=None)
    return m


def run_promptfoo(args, stub, n, concurrency, work, binary):
    folder = work / f"promptfoo-{n}-{concurrency}"
    shutil.rmtree(folder, ignore_errors=True)
    write_promptfoo_inputs(folder, n, stub.base_url)
    stub.reset()
    env = dict(os.environ, PROMPTFOO_CONFIG_DIR=str(folder / ".promptfoo"), PROMPTFOO_DISABLE_TELEMETRY="1",
               PROMPTFOO_DISABLE_UPDATE="1", PROMPTFOO_CACHE_ENABLED="false", NO_COLOR="1")
    with open(folder / "out.log", "w") as log:
        m = measure([str(binary), "eval", "-c", "promptfooconfig.json", "-j", str(concurrency), "--no-cache",
                     "--no-progress-bar", "--no-table", "-o", "results.json"], env=env, cwd=folder, log=log)
    out = folder / "results.json"
    m["reports_at"] = out.stat().st_mtime if out.exists() else None
    return m


# ---------------------------------------------------------------- scenarios

def tail_steps(m, s):
    """The tail split by the steps the command printed: the stub's last answer → the command saw the run
    complete → it wrote the reports → it exited (Assay only: promptfoo prints no such steps)."""
    seen = m.get("seen") or {}
    if not s["last_end_ms"] or "completion_seen" not in seen:
        return {}
    last = s["last_end_ms"] / 1000
    steps = {"last_call_to_completion_seen_s": round(seen["completion_seen"] - last, 2)}
    if "submitted" in seen:
        steps["submitted_s"] = round(seen["submitted"] - m["start"], 2)
    if "reports_written" in seen:
        steps["completion_seen_to_reports_s"] = round(seen["reports_written"] - seen["completion_seen"], 2)
        steps["reports_to_exit_s"] = round(m["end"] - seen["reports_written"], 2)
    return steps


def calls_cpu(m, s, n):
    """CPU seconds of each kind of process while the calls ran (the stub's first request → its last answer;
    the stub's own not counted), and per item in ms: where a CPU-bound run's time goes."""
    if not s["first_ms"] or not s["last_end_ms"] or "sampler" not in m:
        return {}
    parts = m["sampler"].cpu_between(s["first_ms"] / 1000, s["last_end_ms"] / 1000)
    if not parts:
        return {}
    return {"calls_cpu_s": parts, "calls_cpu_ms_per_item": {k: round(v * 1000 / n, 2) for k, v in parts.items()}}


def figures(tool, m, s, n, concurrency, latency_ms, load_before):
    """One row: what the command cost and what the stub saw."""
    first = (s["first_ms"] / 1000 - m["start"]) if s["first_ms"] else None
    tail = (m["reports_at"] - s["last_end_ms"] / 1000) if s["last_end_ms"] and m["reports_at"] else None
    calls_span = (s["last_end_ms"] - s["first_ms"]) / 1000 if s["first_ms"] else None
    ideal = n * CALLS_PER_ITEM * latency_ms / 1000 / concurrency
    row = {"tool": tool, "n": n, "c": concurrency, "latency_ms": latency_ms, "exit": m["exit"],
           "wall_s": round(m["wall_s"], 2), "first_call_s": round(first, 2) if first is not None else None,
           "calls_s": round(calls_span, 2) if calls_span is not None else None,
           "last_call_to_reports_s": round(tail, 2) if tail is not None else None,
           **tail_steps(m, s),
           "requests": s["requests"], "peak_in_flight": s["peak_in_flight"],
           "peak_in_flight_by_model": {m: v["peak_in_flight"] for m, v in sorted((s.get("by_model") or {}).items())},
           "efficiency": round(ideal / calls_span, 3) if latency_ms and calls_span else None,
           "ms_per_item": round(calls_span * 1000 / n, 3) if calls_span else None,
           "calls_per_s": round(s["requests"] / calls_span, 1) if calls_span else None,
           "peak_rss_mb": round(m["peak_rss_mb"]), "peak_pss_mb": round(m["peak_pss_mb"]),
           "peak_pss_anon_mb": round(m["peak_pss_anon_mb"]), "peak_pss_parts_mb": m["peak_pss_parts_mb"],
           "cpu_s": round(m["cpu_s"], 1),
           **calls_cpu(m, s, n),
           "load_before": load_before, "load_after": load()}
    print(json.dumps(row), flush=True)
    return row


def scenario_runs(args):
    """(n, concurrency, latency_ms) of each scenario asked for."""
    runs = []
    for name in args.scenarios.split(","):
        if name == "latency":
            runs += [(args.n or 2000, c, 200) for c in (64, 256)]
        elif name == "zero":
            runs += [(n, 64, 0) for n in ([args.n] if args.n else (100, 1000, 10000))]
        elif name == "quick":
            runs += [(args.n or 200, 64, 200)]
        elif name not in ("submit", "idle", "ratelimited"):
            raise SystemExit(f"bench: unknown scenario {name!r}; known: latency, zero, quick, submit, idle, ratelimited")
    return runs


def ratelimited_scenario(args, work, rows):
    """A rate-limited provider (docs/performance.md): N=1,000, L=200 ms, C=64, a 10 s call timeout, and every
    fifth request answered 429 with Retry-After: 1. Every result should pass, none in error: the run takes
    longer instead. The row adds the results by status and failure category, and the 429s the stub sent."""
    n = args.n or 1000
    stub = Stub(200, work, refuse_every=5)
    try:
        for _ in range(args.repeat):
            load_before = load()
            m = run_assay(args, stub, n, 64, work, timeout="10s", name=f"assay-ratelimited-{n}")
            s = stub.stats()
            row = figures("assay rate-limited", m, s, n, 64, 200, load_before)
            by_status, by_category = {}, {}
            for path in (work / f"assay-ratelimited-{n}" / "results").rglob("results.json"):
                for result in json.loads(path.read_text()):
                    by_status[result.get("status")] = by_status.get(result.get("status"), 0) + 1
                    if result.get("failure_category"):
                        by_category[result["failure_category"]] = by_category.get(result["failure_category"], 0) + 1
            extra = {"tool": "assay rate-limited results", "n": n, "refused_429": s.get("refused"), "results_by_status": by_status,
                     "failures_by_category": by_category}
            print(json.dumps(extra), flush=True)
            rows.append(row)
    finally:
        stub.stop()


def submit_scenario(args, work, rows):
    """Submitting 10,000 questions to a running stack: `assay submit` as a whole command, and POST /api/runs alone."""
    n = args.n or 10000
    stub = Stub(0, work)
    folder = work / f"submit-{n}"
    write_assay_inputs(folder, n, 64, stub.base_url)
    assay = str(ROOT / "bin" / "assay")
    subprocess.run([assay, "up"], check=True, stdout=subprocess.DEVNULL)
    try:
        state = json.loads((ROOT / ".assay" / "stack.json").read_text())
        api = state.get("api_url") or state.get("apiUrl")
        for i in range(args.repeat):
            load_before = load()
            m = measure([assay, "submit", str(folder / "benchmark.yaml"), "--config", str(folder / "run.yaml")], cwd=folder)
            row = {"tool": "assay submit", "n": n, "wall_s": round(m["wall_s"], 2), "cpu_s": round(m["cpu_s"], 1),
                   "peak_rss_mb": round(m["peak_rss_mb"]), "peak_pss_mb": round(m["peak_pss_mb"]), "exit": m["exit"],
                   "load_before": load_before, "load_after": load()}
            print(json.dumps(row), flush=True)
            rows.append(row)
            if api:
                indent = lambda text: "".join("  " + line + "\n" for line in text.splitlines())
                body = ("benchmark:\n" + indent((folder / "benchmark.yaml").read_text())
                        + "config:\n" + indent((folder / "run.yaml").read_text())).encode()
                load_before = load()
                started = time.time()
                req = urllib.request.Request(api.rstrip("/") + "/api/runs", data=body, method="POST",
                                             headers={"content-type": "application/yaml"})
                try:
                    status = urllib.request.urlopen(req, timeout=120).status
                except urllib.error.HTTPError as e:
                    status = e.code
                row = {"tool": "POST /api/runs", "n": n, "wall_s": round(time.time() - started, 2), "http": status,
                       "load_before": load_before, "load_after": load()}
                print(json.dumps(row), flush=True)
                rows.append(row)
    finally:
        subprocess.run([assay, "down"], stdout=subprocess.DEVNULL)
        stub.stop()


def cpu_ticks(pids):
    """utime + stime of the processes, in clock ticks."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
            fields = stat[stat.rindex(")") + 2:].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, ValueError, IndexError):
            pass
    return total


def idle_scenario(args, work, rows):
    """The idle stack: `assay up`, wait until the stack is quiet (under 10 % of one CPU for 3 s in a
    row, at most 90 s), then the median of five samples of its memory one second apart, `assay down`."""
    assay = str(ROOT / "bin" / "assay")
    tick = os.sysconf("SC_CLK_TCK")
    for i in range(args.repeat):
        load_before = load()
        started = time.time()
        subprocess.run([assay, "up"], check=True, stdout=subprocess.DEVNULL)
        up_s = time.time() - started
        try:
            root = json.loads((ROOT / ".assay" / "stack.json").read_text())["pid"]
            quiet_in_a_row, waited, last = 0, 0, cpu_ticks(p for p, _ in stack_pids(root))
            while quiet_in_a_row < 3 and waited < 90:
                time.sleep(1)
                waited += 1
                now = cpu_ticks(p for p, _ in stack_pids(root))
                quiet_in_a_row = quiet_in_a_row + 1 if (now - last) / tick < 0.1 else 0
                last = now
            samples = []
            for _ in range(5):
                samples.append(tree_memory(root))
                time.sleep(1)
            samples.sort(key=lambda m: m["pss"])
            m = samples[len(samples) // 2]
            row = {"tool": "assay idle", "up_s": round(up_s, 2), "quiet": quiet_in_a_row >= 3, "settled_s": waited,
                   "rss_mb": round(m["rss"] / 1024), "pss_mb": round(m["pss"] / 1024), "pss_anon_mb": round(m["pss_anon"] / 1024),
                   "pss_parts_mb": {k: round(v / 1024) for k, v in sorted(m["parts"].items())},
                   "load_before": load_before, "load_after": load()}
            print(json.dumps(row), flush=True)
            rows.append(row)
        finally:
            subprocess.run([assay, "down"], stdout=subprocess.DEVNULL)


def main():
    p = argparse.ArgumentParser(prog="bin/bench", description=__doc__.split("\n\n")[0] + " Prints one JSON line per measurement, then ratios.")
    p.add_argument("--scenarios", default="latency,zero", help="comma-separated: latency (N=2000, L=200 ms, C=64 and 256), zero (L=0, N=100, 1000, 10000), quick (N=200, L=200 ms, C=64), submit (10,000 questions to a running stack), idle (the memory of an `assay up` stack at rest), ratelimited (N=1000, L=200 ms, C=64, every fifth call answered 429 Retry-After 1, timeout 10 s)")
    p.add_argument("-n", type=int, help="number of questions, overriding the scenario's")
    p.add_argument("--repeat", type=int, default=1, help="runs of each tool per scenario, alternating the tools (default 1)")
    p.add_argument("--with-promptfoo", action="store_true", help=f"also run promptfoo {PROMPTFOO_VERSION} (installed from npm into the scratch folder)")
    p.add_argument("--scratch", default=str(ROOT / "bench" / "target"), help="where inputs, outputs and promptfoo go (default bench/target)")
    p.add_argument("--out", help="also write every row as JSON lines to this file")
    args = p.parse_args()

    work = Path(args.scratch).resolve()
    work.mkdir(parents=True, exist_ok=True)
    binary = install_promptfoo(work) if args.with_promptfoo else None
    print(json.dumps({"machine": {"cores": cores(), "load": load(), "uptime": subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()}}), flush=True)
    rows = []
    if "idle" in args.scenarios.split(","):
        idle_scenario(args, work, rows)
    if "submit" in args.scenarios.split(","):
        submit_scenario(args, work, rows)
    if "ratelimited" in args.scenarios.split(","):
        ratelimited_scenario(args, work, rows)
    stubs = {}
    try:
        for n, concurrency, latency in scenario_runs(args):
            stub = stubs.get(latency) or stubs.setdefault(latency, Stub(latency, work))
            for i in range(args.repeat):
                # alternate which tool goes first, so drift in the machine's speed hits both alike
                order = ["assay", "promptfoo"] if binary else ["assay"]
                if i % 2:
                    order.reverse()
                for tool in order:
                    load_before = load()
                    m = run_assay(args, stub, n, concurrency, work) if tool == "assay" else run_promptfoo(args, stub, n, concurrency, work, binary)
                    rows.append(figures(tool, m, stub.stats(), n, concurrency, latency, load_before))
    finally:
        for stub in stubs.values():
            stub.stop()
    if binary:
        print_ratios(rows)
    if args.out:
        Path(args.out).write_text("".join(json.dumps(r) + "\n" for r in rows))


def print_ratios(rows):
    """Assay / promptfoo per scenario, on the medians of each figure."""
    def median(values):
        values = sorted(v for v in values if v is not None)
        return values[len(values) // 2] if values else None
    keys = sorted({(r["n"], r["c"], r["latency_ms"]) for r in rows if "latency_ms" in r})
    for key in keys:
        a = [r for r in rows if r["tool"] == "assay" and (r["n"], r["c"], r["latency_ms"]) == key]
        b = [r for r in rows if r["tool"] == "promptfoo" and (r["n"], r["c"], r["latency_ms"]) == key]
        ratio = {}
        for fig in ("wall_s", "calls_s", "last_call_to_reports_s", "peak_rss_mb", "peak_pss_mb", "cpu_s", "calls_per_s", "peak_in_flight"):
            x, y = median(r[fig] for r in a), median(r[fig] for r in b)
            ratio[fig] = round(x / y, 2) if x is not None and y else None
        print(json.dumps({"ratio assay/promptfoo": {"n": key[0], "c": key[1], "latency_ms": key[2], **ratio}}), flush=True)


if __name__ == "__main__":
    main()
