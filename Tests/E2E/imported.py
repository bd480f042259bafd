"""Real data imported once per run, copied into each server's data directory.

`appsuite import gaokao` alone takes about 40 s of CPU in a debug build, and the browser tests, `scripts/contract` and
`scripts/example` start several servers on the same imports. The first to ask for a combination of data sets runs the
imports into a cache folder (under a lock, so stages running side by side wait for one import rather than run two);
everyone copies that folder. A copy is the data directory an import leaves: the SQLite file, closed by the import
command (so no WAL is pending), and the app folders, without the server secret and the Web Push key (each server makes
its own, as after a fresh import).

The cache is `$APPSUITE_IMPORT_CACHE` (scripts/test makes one per run and removes it), else a folder of this process.
Its key names the binary (path, size, modification time) and each (app, folder), so a rebuilt binary imports again.

    python3 Tests/E2E/imported.py BINARY INTO APP=FOLDER [APP=FOLDER …]   # the same, for shell scripts
"""

from __future__ import annotations

import atexit
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# Files of a data directory that belong to one server, not to the data.
PER_SERVER = ("server-secret", "vapid-key.pem")


def _cache_root() -> Path:
    named = os.environ.get("APPSUITE_IMPORT_CACHE")
    if named:
        root = Path(named)
        root.mkdir(parents=True, exist_ok=True)
        return root
    root = Path(tempfile.mkdtemp(prefix="appsuite-import-cache-"))
    atexit.register(shutil.rmtree, root, ignore_errors=True)
    os.environ["APPSUITE_IMPORT_CACHE"] = str(root)  # later calls of this process, and its children, share it
    return root


def _key(binary: Path, imports: list[tuple[str, Path]]) -> str:
    stat = binary.stat()
    text = f"{binary.resolve()} {stat.st_size} {stat.st_mtime_ns}\n" + "\n".join(f"{app}={Path(folder).resolve()}" for app, folder in imports)
    return "-".join(app for app, _ in imports) + "-" + hashlib.sha256(text.encode()).hexdigest()[:16]


def copy_imported(binary: Path, imports: list[tuple[str, Path]], into: Path, timeout: float) -> None:
    """Fills the data directory `into` (which must not exist) with `appsuite import APP FOLDER` of each import, in order:
    copied from the cache, which the first caller fills. Raises AssertionError with the import's output when one fails."""
    root = _cache_root()
    key = _key(binary, imports)
    done = root / key
    with open(root / f"{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.is_dir():
            work = root / f"{key}.partial"
            shutil.rmtree(work, ignore_errors=True)
            work.mkdir()  # appsuite makes the data directory, not its parents
            env = {k: v for k, v in os.environ.items() if not k.startswith("APPSUITE_")}
            for app, folder in imports:
                result = subprocess.run([str(binary), "import", app, str(folder), "--data-dir", str(work / "data")],
                                        capture_output=True, text=True, timeout=timeout, env=env)
                assert result.returncode == 0, f"import {app} {folder} failed:\n{result.stderr[-2000:]}{result.stdout[-500:]}"
                assert "imported" in result.stderr, f"import {app} {folder} said nothing of what it imported:\n{result.stderr[-500:]}"
            for name in PER_SERVER:
                (work / "data" / name).unlink(missing_ok=True)
            os.rename(work / "data", done)
            shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(done, into, symlinks=True)
    os.chmod(into, 0o700)


if __name__ == "__main__":
    if len(sys.argv) < 4 or any("=" not in arg for arg in sys.argv[3:]):
        sys.exit("usage: imported.py BINARY INTO APP=FOLDER [APP=FOLDER …]")
    try:
        copy_imported(Path(sys.argv[1]), [(arg.split("=", 1)[0], Path(arg.split("=", 1)[1])) for arg in sys.argv[3:]],
                      Path(sys.argv[2]), timeout=1800)
    except AssertionError as failure:
        sys.exit(f"imported.py: {failure}")
