"""Screenshots of the built documentation site in a real browser (headless Chromium), to check
by eye that the pages and their pictures render as a reader sees them.

    sphinx-build -W --keep-going -b html docs docs/_build/html
    python docs/screenshots.py [--out docs/screenshots] [--browser chromium] [--height 2400] [PAGE ...]

PAGE is a path under docs/_build/html (default: the front page and the jigsaw gallery). Each
screenshot is written as PAGE's name with ``.png`` in ``--out``; the script fails when the
browser writes no picture or an almost blank one.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SITE = HERE / "_build" / "html"
DEFAULT_PAGES = ["index.html", "gallery/jigsaw-scans.html"]


def screenshot(browser: str, page: Path, out: Path, width: int, height: int, scale: float = 1.0) -> None:
    """One page to one PNG through ``browser --headless --screenshot`` (then scaled by ``scale``
    with Pillow, to keep the files small)."""
    with tempfile.TemporaryDirectory() as profile:  # a fresh profile: no state between runs
        command = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                   f"--user-data-dir={profile}", f"--window-size={width},{height}",
                   "--virtual-time-budget=5000", f"--screenshot={out}", page.as_uri()]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    if not out.exists() or out.stat().st_size < 10_000:
        raise SystemExit(f"screenshots: {out} is missing or almost empty")
    if scale != 1.0:
        from PIL import Image

        with Image.open(out) as image:
            small = image.convert("RGB").resize((round(image.width * scale), round(image.height * scale)), Image.LANCZOS)
        small.save(out, optimize=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages", nargs="*", default=DEFAULT_PAGES)
    parser.add_argument("--out", type=Path, default=HERE / "screenshots")
    parser.add_argument("--browser", default=shutil.which("chromium") or shutil.which("chromium-browser")
                        or shutil.which("google-chrome") or "chromium")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=2400)
    parser.add_argument("--scale", type=float, default=0.6, help="size of the saved picture (1 = the window's)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.pages:
        page = SITE / name
        if not page.exists():
            print(f"screenshots: {page} does not exist; build the site first", file=sys.stderr)
            return 2
        out = args.out / (name.replace("/", "_").rsplit(".", 1)[0] + ".png")
        screenshot(args.browser, page, out, args.width, args.height, args.scale)
        print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
