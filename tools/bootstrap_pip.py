"""Put pip into a virtualenv created with ``python3 -m venv --without-pip``.

Debian's python3.11 ships without ``ensurepip`` unless the python3.11-venv
package is installed, so ``python3 -m venv .venv`` fails on a fresh machine.
The Makefile then creates the venv without pip and calls this script, which
downloads the pip wheel from PyPI (the one registry we need anyway) and uses
the wheel to install itself.  Standard library only.

Usage: python3 tools/bootstrap_pip.py .venv
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request
from pathlib import Path


def main(venv: str) -> int:
    python = Path(venv) / "bin" / "python"
    index = "https://pypi.org/pypi/pip/json"
    with urllib.request.urlopen(index, timeout=60) as r:
        release = json.load(r)
    wheel = next(
        f
        for f in release["urls"]
        if f["packagetype"] == "bdist_wheel" and f["filename"].endswith(".whl")
    )
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / wheel["filename"]
        url = urllib.parse.urljoin(index, wheel["url"])  # mirrors may answer relative URLs
        with urllib.request.urlopen(url, timeout=300) as r:
            target.write_bytes(r.read())
        # A pip wheel is runnable: python pip.whl/pip install pip.whl
        cmd = [str(python), f"{target}/pip", "install", "--no-index", str(target)]
        print("bootstrap_pip:", " ".join(cmd), flush=True)
        return subprocess.call(cmd)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
