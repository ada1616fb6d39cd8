#!/usr/bin/env python3
"""Cold builds or preview start-ups of several scalesite binaries and Hugo, interleaved, in one sitting.

usage: ab_hugo.py build|serve SITE ROUNDS NAME=BINARY... [--hugo] [--work DIR]

SITE is a gensite.py site made with --hugo (the scalesite site and the Hugo site in one folder).
Each round runs every variant once, the order rotating a place each round (A B H, B H A, H A B, ...);
--hugo adds Hugo as a variant. Every run has an empty XDG_CACHE_HOME (a new temporary folder, so no
figure cache and no Hugo cache) and, for a build, a destination folder that does not exist yet.

build: `/usr/bin/time -f '%e %U %S %M'` of `BINARY build --source SITE --dest NEW` and of
       `hugo --quiet -s SITE -d NEW`: wall, user, sys and max RSS.
serve: `BINARY serve --source SITE --port P` and `hugo server -s SITE --port P --bind 127.0.0.1
       --disableFastRender` (as servemem.py): seconds until the home page answers 200 (polled every
       10 ms), then until a request for /nosuchpage/ is answered 404 (scalesite answers it only once the
       start-up has made every page, as sitting.sh waits; Hugo serves nothing before its whole build),
       the server's user+sys CPU at that moment (/proc/PID/stat), and its peak resident memory
       (VmHWM) at the home page, at the end of the start-up, and the highest of those and a reading
       3 s later (the kernel reports VmHWM as the larger of its last update and the current RSS, so a
       later reading can be lower).
Prints one line per run with the load average before it, then medians and ranges per variant, and the
median of the per-round ratios of each variant to the first (and to Hugo with --hugo).
"""
import os, shutil, socket, statistics as st, subprocess, sys, tempfile, time, urllib.error, urllib.request

TICK = os.sysconf("SC_CLK_TCK")


def load():
    return " ".join(open("/proc/loadavg").read().split()[:3])


def build(cmd, work, env):
    """Runs one cold build and returns (wall, user+sys, max RSS MiB)."""
    out = os.path.join(work, "time.out")
    subprocess.run(["/usr/bin/time", "-o", out, "-f", "%e %U %S %M"] + cmd, check=True, env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall, user, sys_, rss = open(out).read().split()[-4:]
    return {"wall": float(wall), "cpu": float(user) + float(sys_), "rss": int(rss) / 1024}


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def hwm_mib(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_s(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def status(url, timeout):
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            r.read()
            return r.status
    except urllib.error.HTTPError as e:
        return e.code
    except Exception:
        return 0


def serve(cmd, port, env):
    """Starts one preview and returns its start-up figures."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while status(f"http://127.0.0.1:{port}/", 5) != 200:
            if p.poll() is not None or time.perf_counter() - t0 > 900:
                sys.exit(f"{' '.join(cmd)}: no home page (exit {p.poll()})")
            time.sleep(0.01)
        home, home_hwm = time.perf_counter() - t0, hwm_mib(p.pid)
        while status(f"http://127.0.0.1:{port}/nosuchpage/", 900) != 404:
            if p.poll() is not None or time.perf_counter() - t0 > 900:
                sys.exit(f"{' '.join(cmd)}: start-up did not end (exit {p.poll()})")
            time.sleep(0.01)
        ready, cpu, ready_hwm = time.perf_counter() - t0, cpu_s(p.pid), hwm_mib(p.pid)
        time.sleep(3)
        return {"home": home, "ready": ready, "cpu": cpu, "home_hwm": home_hwm, "ready_hwm": ready_hwm,
                "peak": max(home_hwm, ready_hwm, hwm_mib(p.pid))}
    finally:
        p.terminate()
        p.wait()


def main():
    argv = sys.argv[1:]
    work = tempfile.gettempdir()
    if "--work" in argv:
        k = argv.index("--work")
        work = argv[k + 1]
        del argv[k:k + 2]
    args = [a for a in argv if not a.startswith("--")]
    mode, site, rounds = args[0], os.path.abspath(args[1]), int(args[2])
    variants = [(v.split("=", 1)[0], os.path.abspath(v.split("=", 1)[1])) for v in args[3:]]
    if "--hugo" in sys.argv:
        variants.append(("hugo", "hugo"))
    work = tempfile.mkdtemp(prefix="ab-hugo-", dir=work)
    runs = {name: [] for name, _ in variants}
    keys = ("wall", "cpu", "rss") if mode == "build" else ("home", "ready", "cpu", "home_hwm", "ready_hwm", "peak")
    print(f"# {mode} {site}, {rounds} rounds; columns: round variant load-before {' '.join(keys)}", flush=True)
    for r in range(rounds):
        for i in range(len(variants)):
            name, binary = variants[(i + r) % len(variants)]
            cache = tempfile.mkdtemp(prefix="cache-", dir=work)
            env = dict(os.environ, XDG_CACHE_HOME=cache)
            before = load()
            if mode == "build":
                dest = os.path.join(work, "out")
                if binary == "hugo":
                    cmd = ["hugo", "--quiet", "-s", site, "-d", dest]
                else:
                    cmd = [binary, "build", "--source", site, "--dest", dest]
                res = build(cmd, work, env)
                shutil.rmtree(dest, ignore_errors=True)
            else:
                port = free_port()
                if binary == "hugo":
                    cmd = ["hugo", "server", "-s", site, "--port", str(port), "--bind", "127.0.0.1",
                           "--disableFastRender"]
                else:
                    cmd = [binary, "serve", "--source", site, "--port", str(port)]
                res = serve(cmd, port, env)
            shutil.rmtree(cache, ignore_errors=True)
            runs[name].append(res)
            print(f"{r + 1} {name} [{before}] " + " ".join(f"{res[k]:.3f}" for k in keys), flush=True)
    print(f"# done, load {load()}")
    for name, _ in variants:
        print(f"{name}: " + ", ".join(
            f"{k} median {st.median(x[k] for x in runs[name]):.3f} "
            f"({min(x[k] for x in runs[name]):.3f}-{max(x[k] for x in runs[name]):.3f})" for k in keys))
    bases = [variants[0][0]] + (["hugo"] if "--hugo" in sys.argv else [])
    for base in bases:
        for name, _ in variants:
            if name == base:
                continue
            print(f"{name}/{base} per-round ratio medians: " + ", ".join(
                f"{k} {st.median(a[k] / b[k] for a, b in zip(runs[name], runs[base])):.3f}" for k in keys))
    shutil.rmtree(work, ignore_errors=True)


main()
