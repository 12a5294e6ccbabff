"""Build the tutor as a static site (``make site`` → ``artifacts/site/``): Python runs in the browser.

The Solitaire table and the classic table become Voici pages and the lessons a JupyterLite lab, all on
Pyodide, with every file the pages load inside the folder: put it on any web host (or open it from a
USB stick through any static server) and no server runs Python. Nothing is fetched at run time:

* the site tools (Voici, JupyterLite, the Pyodide kernel) go into a build environment of their own,
  at pinned versions that work together (newer kernels need a newer JupyterLab than Voici bundles);
* Pyodide's core (the interpreter and its standard library) comes from its npm package; the packages
  the kernel loads at start (micropip, IPython, jedi and theirs) come from PyPI as wheels, and the
  site's ``pyodide-lock.json`` is rewritten to name exactly those files (and nothing else);
* ``sqlite3`` is compiled and not published as a wheel: a stub (metadata only) stands in, and
  IPython runs without its history database, which a page never uses;
* this package is built as a pure-Python wheel (the two compiled cores have identical pure twins) and
  listed in the lock with ipywidgets and comm, so ``import euchre_tutor`` loads them;
* Voila's page template links Font Awesome from a CDN: the site serves the npm package instead;
* start-up is CPU in the page, so the build does what it can ahead: every wheel ships its modules
  compiled to bytecode (by Pyodide's own interpreter, run in Node.js here), the kernel is told to load
  all its packages and this one at once when Python starts (``loadPyodideOptions.packages``: one
  parallel fetch instead of a chain of installs), and the tables' app runs without the service worker,
  whose synchronised drive cost a request to the page for every module Python looked up.

Downloads are cached in ``.site-cache/`` (git-ignored): a second build is offline and quick.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import csv
import fcntl
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the package of this checkout
from euchre_tutor.rules.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".site-cache"
SITE = ROOT / "artifacts" / "site"

#: the site tools, at versions checked to work together offline (voici-core, not voici: the latter's
#: xeus extension fetches files from outside at page load)
TOOLS = (
    "voici-core==0.10.0",
    "jupyterlite-core==0.7.6",
    "jupyterlite-pyodide-kernel==0.7.0",
    "jupyterlab-widgets==3.0.17",  # the widgets' front end for the lessons' lab (Voici bundles its own)
    "setuptools>=77",  # builds this package's wheel with no build isolation
)
PYODIDE = "pyodide@0.29.0"  # what jupyterlite-pyodide-kernel 0.7.0 expects
FONT_AWESOME = "@fortawesome/fontawesome-free@5.15.4"  # the major version Voila's lab template links
#: Pyodide's interpreter files the site serves (the npm package also holds type stubs and demos)
PYODIDE_CORE = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
#: what the kernel loads from the lock at start, then what the tutor imports
KERNEL_PACKAGES = ("micropip", "jedi", "ipython", "sqlite3")
#: packages the tutor needs that Pyodide's lock does not list: (name, version, imports, depends)
EXTRA_PACKAGES = (
    ("comm", "0.2.3", ["comm"], ["traitlets"]),
    ("ipywidgets", "8.1.9", ["ipywidgets"], ["comm", "traitlets", "ipython"]),
)
#: the kernel's own wheels (shipped in jupyterlite-pyodide-kernel): listed in the lock too, so that they
#: load with the rest when Python starts instead of through piplite one after another
KERNEL_WHEELS = (
    ("piplite", ["piplite"], ["micropip"]),
    ("ipykernel", ["ipykernel"], ["comm", "traitlets"]),
    ("pyodide_kernel", ["pyodide_kernel"], ["ipykernel", "ipython", "comm", "jedi", "sqlite3", "piplite"]),
)
#: what the page's Python loads when it starts: the kernel, the widgets and this package
STARTUP = ("micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython",
           "ipywidgets", "euchre-tutor")  # fmt: skip
#: the Voici pages (the tables)
PAGES = tuple(g.notebook for g in GAMES)
#: the tables' app gets this in place of its service worker: registering it fails, so the kernel mounts
#: no synchronised drive (which the tables never read, and which cost a request to the page for every
#: module Python looked up: about a hundred at start). Voici's app cannot be told so in its settings.
NO_SERVICE_WORKER = """// euchre-tutor's static site: the tables need no service worker (scripts/build_site.py)
throw new Error("no service worker for the tables: their Python needs no synchronised drive");
"""
#: Node.js script: compiles every module of the unpacked wheels under a folder with Pyodide's own Python
#: (the bytecode must match its version), as unchecked-hash .pyc files that imports use without a stat
COMPILE_JS = """
const path = require("path");
const [core, root] = process.argv.slice(2);
const { loadPyodide } = require(path.join(core, "pyodide.js"));
(async () => {
  const py = await loadPyodide({ indexURL: core + "/" });
  py.FS.mkdirTree("/wheels");
  py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/wheels");
  py.runPython(`
import compileall, py_compile, sys
mode = py_compile.PycInvalidationMode.UNCHECKED_HASH
ok = compileall.compile_dir("/wheels", quiet=1, invalidation_mode=mode)
print("compiled with Python", sys.version.split()[0], "ok" if ok else "(some files did not compile)")
`);
})().catch((error) => { console.error(error); process.exit(1); });
"""


def log(message: str) -> None:
    print(f"[site] {message}", flush=True)


def run(*args: str | Path, cwd: Path | None = None) -> None:
    subprocess.run([str(a) for a in args], check=True, cwd=cwd)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


# --------------------------------------------------------------------------- the tools


def tools_env() -> Path:
    """The build environment with the site tools (created once; rebuilt when the pins change)."""
    venv = CACHE / "venv"
    python = venv / "bin" / "python"
    stamp = venv / "site-tools.txt"
    wanted = "\n".join(TOOLS)
    if python.exists() and stamp.exists() and stamp.read_text() == wanted:
        return python
    log("installing the site tools into .site-cache/venv")
    shutil.rmtree(venv, ignore_errors=True)
    run(sys.executable, "-m", "venv", venv)
    run(python, "-m", "pip", "install", "-q", *TOOLS)
    stamp.write_text(wanted)
    return python


def npm_package(spec: str) -> Path:
    """An npm package's files (``npm pack``, cached), unpacked under .site-cache/npm/."""
    folder = CACHE / "npm" / re.sub(r"[^A-Za-z0-9.]+", "-", spec).strip("-")
    if (folder / "package" / "package.json").exists():
        return folder / "package"
    log(f"fetching {spec} (npm pack)")
    folder.mkdir(parents=True, exist_ok=True)
    out = subprocess.run(
        ["npm", "pack", spec, "--silent"], cwd=folder, check=True, capture_output=True, text=True
    )
    archive = folder / out.stdout.strip().splitlines()[-1]
    with tarfile.open(archive) as tar:
        if hasattr(tarfile, "data_filter"):  # Python 3.11.4 and later: refuse paths outside the folder
            tar.extractall(folder, filter="data")
        else:  # pragma: no cover - older 3.11 releases
            tar.extractall(folder)
    archive.unlink()
    return folder / "package"


def wheels(python: Path, pins: list[tuple[str, str]]) -> dict[str, Path]:
    """Pure wheels of ``(name, version)`` from PyPI (cached in .site-cache/wheels): name → file."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)

    def cached(name: str, version: str) -> Path | None:
        prefix = f"{normalise(name)}-{version}-".lower()
        return next((p for p in folder.glob("*.whl") if p.name.lower().startswith(prefix)), None)

    missing = [f"{n}=={v}" for n, v in pins if cached(n, v) is None]
    if missing:
        log(f"downloading {len(missing)} wheels")
        run(
            python, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
            "--python-version", "3.13", "--platform", "any", "--dest", folder, *missing,
        )  # fmt: skip
    found = {name: cached(name, version) for name, version in pins}
    lost = [name for name, path in found.items() if path is None or not path.name.endswith("none-any.whl")]
    if lost:
        raise SystemExit(f"no pure-Python wheel for {lost}: the site cannot load them in the browser")
    return {name: path for name, path in found.items() if path is not None}


def stub_wheel(name: str, version: str, folder: Path) -> Path:
    """A wheel with metadata only: satisfies the kernel's install of a compiled module it can live without."""
    path = folder / f"{normalise(name)}-{version}-py3-none-any.whl"
    info = f"{normalise(name)}-{version}.dist-info"
    files = {
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: build_site\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    with zipfile.ZipFile(path, "w") as whl:
        for arcname, text in files.items():
            data = text.encode()
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            writer.writerow([arcname, f"sha256={digest}", len(data)])
            whl.writestr(zipfile.ZipInfo(arcname, (2020, 1, 1, 0, 0, 0)), data)
        writer.writerow([f"{info}/RECORD", "", ""])
        whl.writestr(zipfile.ZipInfo(f"{info}/RECORD", (2020, 1, 1, 0, 0, 0)), record.getvalue())
    return path


def tutor_wheel(python: Path, folder: Path) -> Path:
    """This package as a py3-none-any wheel: built from a copy whose pyproject lists no C extensions."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "src"
        skip = shutil.ignore_patterns(
            ".git", ".venv", ".site-cache", "artifacts", "build", "dist", "*.egg-info", "__pycache__",
            "*.so", ".*_cache", ".hypothesis", "tests", "benchmarks",
        )  # fmt: skip
        shutil.copytree(ROOT, copy, ignore=skip)
        pyproject = copy / "pyproject.toml"
        text = pyproject.read_text()
        pure = re.sub(r"\next-modules = \[\n.*?\n\]\n", "\n", text, flags=re.S)
        if pure == text:
            raise SystemExit("pyproject.toml: no ext-modules list found to leave out of the pure wheel")
        pyproject.write_text(pure)
        log("building euchre_tutor as a pure-Python wheel")
        run(python, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", folder, copy)
    built = sorted(folder.glob("euchre_tutor-*.whl"))
    if len(built) != 1 or not built[0].name.endswith("-py3-none-any.whl"):
        raise SystemExit(f"expected one pure euchre_tutor wheel, got {[p.name for p in built]}")
    return built[0]


def compiled_wheels(core: Path, wheels_in: dict[str, Path], target: Path) -> dict[str, Path]:
    """The wheels again, each module with its bytecode beside it (``__pycache__``), written to ``target``.

    Pyodide's file system lives in memory: without these, every page load compiles every module it
    imports (IPython, the widgets, this package) from source. The sources stay (tracebacks show lines)."""
    out: dict[str, Path] = {}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for i, wheel in enumerate(wheels_in.values()):
            with zipfile.ZipFile(wheel) as whl:
                whl.extractall(root / str(i))
        script = root / "compile.js"
        script.write_text(COMPILE_JS)
        log(f"compiling {len(wheels_in)} wheels to bytecode (Pyodide in Node.js)")
        run("node", script, core, root)
        script.unlink()
        for i, (name, wheel) in enumerate(wheels_in.items()):
            out[name] = rezip(root / str(i), target / wheel.name)
    return out


def rezip(folder: Path, path: Path) -> Path:
    """An unpacked wheel zipped again, its RECORD listing every file (the bytecode too)."""
    record_path = next(folder.glob("*.dist-info")) / "RECORD"
    files = sorted(p for p in folder.rglob("*") if p.is_file() and p != record_path)
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    stamp = (2020, 1, 1, 0, 0, 0)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as whl:
        for file in files:
            data = file.read_bytes()
            arcname = file.relative_to(folder).as_posix()
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            writer.writerow([arcname, f"sha256={digest}", len(data)])
            whl.writestr(zipfile.ZipInfo(arcname, stamp), data, zipfile.ZIP_DEFLATED)
        writer.writerow([record_path.relative_to(folder).as_posix(), "", ""])
        whl.writestr(zipfile.ZipInfo(record_path.relative_to(folder).as_posix(), stamp), record.getvalue())
    return path


def kernel_wheels(python: Path) -> dict[str, Path]:
    """The Pyodide kernel's own wheels (piplite, its ipykernel stand-in, pyodide_kernel), from the tools."""
    pypi = (
        python.parent.parent / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    )
    found: dict[str, Path] = {}
    for name, _, _ in KERNEL_WHEELS:
        matches = sorted(pypi.glob(f"{name}-*-py3-none-any.whl"))
        if len(matches) != 1:
            raise SystemExit(f"expected one {name} wheel in {pypi}, found {[p.name for p in matches]}")
        found[name] = matches[0]
    return found


# --------------------------------------------------------------------------- the lock


def closure(packages: dict[str, dict], names: tuple[str, ...]) -> list[str]:
    """The named packages of Pyodide's lock and everything they depend on."""
    key = {normalise(name): name for name in packages}  # depends spell names either way
    seen: list[str] = []
    todo = list(names)
    while todo:
        name = key[normalise(todo.pop())]
        if name in seen:
            continue
        seen.append(name)
        todo.extend(packages[name]["depends"])
    return sorted(seen)


def write_pyodide(python: Path, target: Path) -> None:
    """Pyodide's core, the wheels the pages load and a lock naming exactly them, in ``target``."""
    core = npm_package(PYODIDE)
    target.mkdir(parents=True)
    for name in PYODIDE_CORE:
        shutil.copy2(core / name, target / name)
    lock = json.loads((core / "pyodide-lock.json").read_text())
    packages: dict[str, dict] = lock["packages"]
    # a quirk of this lock: matplotlib-inline names matplotlib, which IPython never needs to start
    packages["matplotlib-inline"]["depends"] = [
        d for d in packages["matplotlib-inline"]["depends"] if d != "matplotlib"
    ]
    names = closure(packages, KERNEL_PACKAGES)
    pins = [(n, packages[n]["version"]) for n in names if n != "sqlite3"]
    pins += [(n, v) for n, v, _, _ in EXTRA_PACKAGES]
    files = wheels(python, pins)
    kept: dict[str, dict] = {name: packages[name] for name in names}
    for name, version, imports, depends in EXTRA_PACKAGES:
        kept[name] = {"name": name, "version": version, "imports": imports, "depends": depends}
    own_kernel = kernel_wheels(python)
    for name, imports, depends in KERNEL_WHEELS:
        # Pyodide looks a name up spelt with "-" (the kernel asks for "pyodide_kernel")
        key = name.replace("_", "-")
        version = own_kernel[name].name.split("-")[1]
        kept[key] = {"name": name, "version": version, "imports": imports, "depends": depends}
        files[key] = own_kernel[name]
    with tempfile.TemporaryDirectory() as tmp:
        files["euchre-tutor"] = own = tutor_wheel(python, Path(tmp))
        kept["euchre-tutor"] = {
            "name": "euchre-tutor",
            "version": own.name.split("-")[1],
            "imports": ["euchre_tutor"],
            "depends": ["ipywidgets"],
        }
        files = compiled_wheels(core, files, target)
    files["sqlite3"] = stub_wheel("sqlite3", packages["sqlite3"]["version"], target)
    missing = [name for name in STARTUP if name.replace("_", "-") not in kept]
    if missing:
        raise SystemExit(f"the start-up packages {missing} are not in the site's lock")
    for name, entry in kept.items():
        path = files[name]
        entry.update(
            file_name=path.name,
            sha256=sha256(path),
            install_dir="site",
            package_type="package",
            unvendored_tests=False,
        )
    lock["packages"] = dict(sorted(kept.items()))
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
    log(f"pyodide-lock.json lists {len(kept)} packages, every one shipped in static/pyodide/")


# --------------------------------------------------------------------------- the site


def lite_dir(python: Path, work: Path, lessons: bool) -> Path:
    """The JupyterLite source folder: settings, Pyodide under static/, the notebooks under files/."""
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    write_pyodide(python, work / "static" / "pyodide")
    settings = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Euchre Tutor",
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel_settings()},
        },
    }
    (work / "jupyter-lite.json").write_text(json.dumps(settings, indent=2))
    tables = work / "tables"
    tables.mkdir()
    for page in PAGES:
        shutil.copy2(ROOT / "notebooks" / page, tables / page)
    if lessons:
        shutil.copytree(ROOT / "notebooks" / "lessons", work / "lessons")
    return work


def kernel_settings(pyodide_url: str | None = None) -> dict[str, object]:
    """The Pyodide kernel's settings: no PyPI, and every package it needs loaded when Python starts."""
    settings: dict[str, object] = {
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": list(STARTUP)},
    }
    if pyodide_url is not None:
        settings["pyodideUrl"] = pyodide_url
    return settings


def local_font_awesome(site: Path) -> int:
    """Point the pages' Font Awesome links at the copy the site serves; returns the links changed."""
    fa = npm_package(FONT_AWESOME)
    target = site / "static" / "fontawesome"
    for part in ("css", "webfonts"):
        shutil.copytree(fa / part, target / part, dirs_exist_ok=True)
    # the lab template links Font Awesome 5 (all.min.css, v4-shims.min.css); the tree page's classic
    # template links Font Awesome 4, whose icons version 5 draws too
    link = re.compile(
        r"https://[^/\"']+/npm/(@fortawesome/fontawesome-free@[^/\"']*/"
        r"|font-awesome@4[^/\"']*/css/font-awesome\.min\.css)"
    )
    changed = 0
    for page in site.rglob("*.html"):
        text = page.read_text()
        depth = len(page.relative_to(site).parts) - 1
        local = "../" * depth + "static/fontawesome/"
        new, count = link.subn(
            lambda m, local=local: local + ("css/all.min.css" if "font-awesome@4" in m[0] else ""), text
        )
        if count:
            page.write_text(new)
            changed += count
    return changed


def check_offline(site: Path) -> None:
    """No page may still name a CDN: the site must work with no network."""
    cdn = re.compile(r"(href|src)=[\"']https?://", re.I)
    bad = [str(p.relative_to(site)) for p in site.rglob("*.html") if cdn.search(p.read_text())]
    if bad:
        raise SystemExit(f"pages still load files from outside the site: {bad}")


def build(out: Path, lessons: bool) -> None:
    started = time.monotonic()
    python = tools_env()
    work = lite_dir(python, CACHE / "lite", lessons)
    staging = out.with_name(out.name + ".new")
    shutil.rmtree(staging, ignore_errors=True)
    bin_dir = python.parent
    env_args = ("--lite-dir", work, "--no-sourcemaps")
    log("building the Voici pages")
    run(
        bin_dir / "voici", "build", *env_args, "--contents", work / "tables", "--output-dir", staging,
        "--strip_sources=True", "--show_tracebacks=False", cwd=work,
    )  # fmt: skip
    (staging / "service-worker.js").write_text(NO_SERVICE_WORKER)
    if lessons:
        log("building the lessons (JupyterLite lab and notebooks)")
        lab_out = staging / "lab-site"
        run(
            bin_dir / "jupyter", "lite", "build", *env_args, "--contents", work / "lessons",
            "--apps", "lab", "--apps", "notebooks", "--output-dir", lab_out, cwd=work,
        )  # fmt: skip
        share_pyodide(staging, lab_out)
    links = local_font_awesome(staging)
    check_offline(staging)
    (staging / ".nojekyll").touch()  # static hosts that run Jekyll would hide the _-prefixed files
    shutil.rmtree(out, ignore_errors=True)
    staging.rename(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    log(f"{out.relative_to(ROOT)}: {size / 1e6:.1f} MB, Font Awesome links made local: {links}, "
        f"{time.monotonic() - started:.0f} s")  # fmt: skip


def share_pyodide(site: Path, lab: Path) -> None:
    """The lessons' app uses the tables' copy of Pyodide (one copy of the 20 MB runtime, one browser cache)."""
    shutil.rmtree(lab / "static" / "pyodide")
    config = lab / "jupyter-lite.json"
    data = json.loads(config.read_text())
    # the lab build does not merge the lite folder's settings; the lessons keep their service worker (their
    # kernel sees the students' files); Pyodide's URL is from the app pages, lab-site/{lab,notebooks}/
    plugins = data["jupyter-config-data"]["litePluginSettings"]
    plugins["@jupyterlite/pyodide-kernel-extension:kernel"].update(
        kernel_settings("../../static/pyodide/pyodide.js")
    )
    data["jupyter-config-data"]["appName"] = "Euchre Tutor lessons"
    config.write_text(json.dumps(data, indent=2))


#: the sources the site is built from: a change to any of them makes the site stale
SOURCES = ("euchre_tutor", "notebooks", "scripts/build_site.py", "pyproject.toml", "setup.py")


def newest_source() -> float:
    """The time of the newest file the site is built from."""
    times = []
    for name in SOURCES:
        path = ROOT / name
        files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file()]
        times += [p.stat().st_mtime for p in files if "__pycache__" not in p.parts]
    return max(times)


def stamp(site: Path) -> Path:
    """The file a finished build writes last of what the tests read first (the Solitaire page)."""
    return site / "voici" / "render" / "solitaire.html"


def is_stale(site: Path) -> bool:
    """True when ``site`` is missing or older than a file it is built from."""
    page = stamp(site)
    return not page.exists() or page.stat().st_mtime < newest_source()


@contextlib.contextmanager
def build_lock(site: Path) -> Iterator[None]:
    """One build of ``site`` at a time: a second waits for the first (``make test`` starts one ahead of
    the tests, and the site's tests wait for it rather than build again)."""
    site.parent.mkdir(parents=True, exist_ok=True)
    with open(site.parent / f".{site.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=SITE, help="the site folder (default: artifacts/site)")
    parser.add_argument("--no-lessons", action="store_true", help="only the two tables (a quicker build)")
    parser.add_argument(
        "--if-stale", action="store_true", help="build only when the site is missing or older than a source"
    )
    args = parser.parse_args(argv)
    os.environ.setdefault("PIP_DISABLE_PIP_VERSION_CHECK", "1")
    out = args.out.resolve()
    with build_lock(out):
        if args.if_stale and not is_stale(out):
            log(f"{out} is up to date")
            return 0
        build(out, lessons=not args.no_lessons)
    return 0


if __name__ == "__main__":
    sys.exit(main())
