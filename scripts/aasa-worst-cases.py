#!/usr/bin/env python3
"""The apple-app-site-association worst cases of issue 31, at 1x, 10x and 100x.

Writes each family's route file (and served file, for --check) to a scratch folder, runs the
release binary under /usr/bin/time -v, and prints one Markdown row per run: the input's size, the
analysis's work counter (from --json), seconds, peak memory, exit status and whether the analysis
completed. Build first: flock /tmp/swift.lock swift build -c release --product waymark

    python3 scripts/aasa-worst-cases.py [--binary .build/release/waymark] [--case NAME] [--scale 1,10,100]
"""
import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile

APP = "ABCDE12345.com.example.shop"
DOMAIN = "example.com"


def routes_file(routes):
    return {"schemes": ["bench"], "domains": [DOMAIN], "routes": routes}


def stacked(scale):
    """Route i = :p0/.../:p(i-1)/l{i}/*rest: stacked parameters before a literal and a catch-all."""
    count = 10 * scale
    routes = []
    for i in range(count):
        template = "/".join([f":p{j}" for j in range(i)] + [f"l{i}", "*rest"])
        routes.append({"name": f"r{i}", "template": template})
    return routes_file(routes), None, f"{count} routes"


def pairs(scale):
    """:a/:b/x{i}, every other route internal."""
    count = 100 * scale
    routes = [
        {"name": f"r{i}", "template": f":a/:b/x{i}", **({"internal": True} if i % 2 else {})}
        for i in range(count)
    ]
    return routes_file(routes), None, f"{count} routes"


def shop():
    return routes_file([
        {"name": "home", "template": "/"},
        {"name": "product", "template": "product/:id<int>"},
        {"name": "category", "template": "category/:slug"},
        {"name": "search", "template": "search"},
        {"name": "profile", "template": "user/:user_id/profile(/:tab)"},
        {"name": "help", "template": "help/*topic"},
        {"name": "debug", "template": "debug/menu", "internal": True},
    ])


def wildcards(scale):
    """A served file of components whose wildcards overlap every way: /*a*b*c*d*e*f* and shifts."""
    count = 10 * scale
    letters = "abcdefghijklmnop"
    components = []
    for index in range(count):
        pattern = "/*" + "".join(letters[(index + k * 3 + index // 16) % 16] + "*" for k in range(6))
        components.append({"/": pattern})
    served = {"applinks": {"details": [{"appIDs": [APP], "components": components}]}}
    return shop(), served, f"{count} components, {len(json.dumps(served)) // 1024} KB"


def variable(scale):
    """/$(v)/menu with a substitution variable of N values, `debug` among them, against an
    internal debug/menu."""
    count = 33 * scale + (1 if scale == 100 else 0)
    values = [f"v{i:04d}" for i in range(count - 1)] + ["debug"]
    served = {
        "applinks": {
            "substitutionVariables": {"v": values},
            "details": [{"appIDs": [APP], "components": [{"/": "/$(v)/menu"}]}],
        }
    }
    return shop(), served, f"{count} values, {len(json.dumps(served)) // 1024} KB"


def deeplink(scale):
    """The first 100, 1,000 and 10,000 templates of the bench set deeplink-10k (../shared/bench, or
    BENCH_DIR), all public: the real-world baseline, generate and check."""
    folder = os.environ.get("BENCH_DIR", os.path.join(os.path.dirname(__file__), "..", "..", "shared", "bench"))
    with open(os.path.join(folder, "deeplink-10k.routes.txt")) as handle:
        templates = [line.strip() for line in handle if line.strip()][: 100 * scale]
    routes = [{"name": f"r{i + 1}", "template": template} for i, template in enumerate(templates)]
    return routes_file(routes), None, f"{len(routes)} routes"


CASES = {"stacked": stacked, "pairs": pairs, "wildcards": wildcards, "variable": variable, "deeplink": deeplink}


def run(binary, case, scale, folder, timeout):
    routes, served, size = CASES[case](scale)
    route_path = os.path.join(folder, f"{case}-{scale}.routes.json")
    with open(route_path, "w") as handle:
        json.dump(routes, handle)
    command = [binary, "aasa", "--routes", route_path, "--app-id", APP, "--domain", DOMAIN, "--json"]
    if served is not None:
        served_path = os.path.join(folder, f"{case}-{scale}.aasa.json")
        with open(served_path, "w") as handle:
            json.dump(served, handle)
        command += ["--check", served_path]
    process = subprocess.Popen(
        ["/usr/bin/time", "-v"] + command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True)
    try:
        stdout, stderr = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        return f"| {case} {scale}x | {size} | ? | over {timeout:.0f} s (stopped) | ? | - | - |"
    result = subprocess.CompletedProcess(command, process.returncode, stdout, stderr)
    seconds = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", result.stderr)
    memory = re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr)
    elapsed = 0.0
    if seconds:
        for part in seconds.group(1).split(":"):
            elapsed = elapsed * 60 + float(part)
    work, complete = "?", "?"
    try:
        output = json.loads(result.stdout)
        complete = output.get("complete")
        work = output.get("work", "?")
    except ValueError:
        pass
    peak = int(memory.group(1)) // 1024 if memory else -1
    return f"| {case} {scale}x | {size} | {work} | {elapsed:.2f} s | {peak} MB | {result.returncode} | {complete} |"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/waymark")
    parser.add_argument("--case", action="append")
    parser.add_argument("--scale", default="1,10,100")
    parser.add_argument("--timeout", type=float, default=300, help="seconds before a run is stopped")
    arguments = parser.parse_args()
    scales = [int(s) for s in arguments.scale.split(",")]
    print("| case | input | work | time | peak memory | exit | complete |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for case in arguments.case or list(CASES):
            for scale in scales:
                print(run(arguments.binary, case, scale, folder, arguments.timeout), flush=True)


if __name__ == "__main__":
    sys.exit(main())
