"""``cassetete jigsaw``: assemble a monochrome jigsaw from scans or outlines; generate one."""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from typing import BinaryIO, List, Optional, TextIO

import numpy as np

from .. import jigsaw as _jigsaw  # noqa: F401 - registers the declaration its flags are made from
from .._contract import add_flags, flag_values
from .._errors import PuzzleError
from ._common import exit_code, write_result_json



def add_parser(subparsers) -> None:
    """Register ``cassetete jigsaw`` and its subcommands."""
    parser = subparsers.add_parser(
        "jigsaw", help="monochrome jigsaw: scanned pieces -> assembled puzzle (scans need cassetete[jigsaw])",
        description="Assemble a jigsaw from the shapes of its pieces (Béhague (2024), section 2, and a "
                    "fit-scored assembly for real scans).")
    sub = parser.add_subparsers(dest="jigsaw_command", metavar="ACTION")
    sub.required = True
    solve = sub.add_parser("solve", help="assemble the pieces of one or more scans (or a JSON file of outlines)",
                           description="Exit codes: 0 assembled (status solved: every join confirmed; feasible: "
                                       "complete, some joins doubtful); 1 no assembly (method labels: the labelled "
                                       "puzzle has none); 2 bad input; 3 a time/node limit stopped the search "
                                       "before a complete board.")
    solve.add_argument("sources", nargs="+", metavar="SCAN",
                       help="image files of one puzzle (PNG, JPEG, ...), or one .json file of outlines "
                            "(a list of [[x, y], ...] polygons, or {\"pieces\": [...]}); '-' reads either "
                            "from standard input")
    solve.add_argument("--encoding", choices=("chain", "ordinates"), default="chain",
                       help="edge encoding of the labels: chain code (default) or ordinates")
    add_flags(solve, "jigsaw", "solve")  # --time-limit --node-limit --seed --workers --method, as declared
    solve.add_argument("--svg", metavar="OUT", help="write the assembled outlines as SVG")
    solve.add_argument("--png", metavar="OUT", help="write the assembled picture as PNG (needs Pillow)")
    solve.add_argument("--annotate", metavar="DIR",
                       help="write into DIR an annotated copy of each scan (SVG, named after the scan): each "
                            "piece's id, its place row,col and its quarter turns clockwise in the assembly")
    solve.add_argument("--json", action="store_true",
                       help="print status, solution and stats as JSON, with the piece ids (\"ids\": the board "
                            "of ids; \"piece_ids\": the id of each piece index)")
    solve.set_defaults(handler=run_solve)
    gen = sub.add_parser("generate", help="cut a synthetic puzzle; write its outlines (JSON) and/or a scan (PNG)")
    gen.add_argument("rows", type=int)
    gen.add_argument("cols", type=int)
    gen.add_argument("--seed", type=int, default=None)
    gen.add_argument("--piece-size", type=float, default=100.0, help="pixels per piece side")
    gen.add_argument("--mirror", action="store_true", help="the pieces seen from the back")
    gen.add_argument("--json", metavar="OUT", dest="json_out", help="write the outlines as JSON")
    gen.add_argument("--png", metavar="OUT", help="write a scan-like image (needs cassetete[jigsaw])")
    gen.add_argument("--blur", type=float, default=1.0, help="scan blur (pixels)")
    gen.add_argument("--noise", type=float, default=0.03, help="scan noise (fraction of the contrast)")
    gen.set_defaults(handler=run_generate)


def _pieces_from_stdin(stream: Optional[BinaryIO] = None):
    """The pieces of standard input ('-'): a JSON text of outlines, or an image (PNG, JPEG, ...
    read with Pillow, then segmented; needs ``cassetete[jigsaw]``)."""
    from .. import jigsaw

    raw = (stream if stream is not None else sys.stdin.buffer).read()
    if not raw.strip():
        raise PuzzleError("<stdin>: empty input (expected JSON outlines or an image)")
    if raw.lstrip()[:1] in (b"[", b"{"):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise PuzzleError("<stdin>: not valid UTF-8 JSON") from None
        return jigsaw.parse(text, "<stdin>")
    try:
        from PIL import Image
    except ImportError:
        raise PuzzleError('an image on standard input needs Pillow: pip install "cassetete[jigsaw]"') from None
    try:
        with Image.open(io.BytesIO(raw)) as img:
            img.load()
            image = np.asarray(img.convert("RGB") if img.mode not in ("L", "RGB") else img)
    except Exception:  # any decoder failure is bad input
        raise PuzzleError("<stdin>: neither JSON outlines nor an image Pillow can read") from None
    return jigsaw.JigsawPuzzle(jigsaw.read_image(image), sources=["<stdin>"])


def _write_text(path: str, text: str) -> None:
    """Write a text file, closed at once; a bad path is bad input."""
    def writer(p: str) -> None:
        with open(p, "w", encoding="utf-8") as handle:
            handle.write(text)

    _write(path, writer)


def _write(path: str, writer) -> None:
    try:
        writer(path)
    except OSError as error:
        raise PuzzleError(f"cannot write {path}: {error.strerror or error}") from None


def _save_png(path: str, image: np.ndarray) -> None:
    try:
        from PIL import Image
    except ImportError:
        raise PuzzleError('--png needs Pillow: pip install "cassetete[jigsaw]"') from None
    _write(path, lambda p: Image.fromarray(image).save(p))


def run_solve(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    """Assemble one puzzle and print the board."""
    out = out if out is not None else sys.stdout
    from .. import jigsaw

    sources: List[str] = list(args.sources)
    if "-" in sources and len(sources) > 1:
        raise PuzzleError("'-' (standard input) must be the only source")
    for path in sources:
        if path != "-" and not os.path.exists(path):
            raise PuzzleError(f"no such file: {path}")
    if args.annotate and (sources == ["-"] or any(s.lower().endswith(".json") for s in sources)):
        raise PuzzleError("--annotate needs image files (scans), not outlines or standard input")
    if sources == ["-"]:
        pieces = _pieces_from_stdin()
    elif len(sources) == 1 and sources[0].lower().endswith(".json"):
        pieces = jigsaw.load(sources[0])
    else:
        pieces = jigsaw.JigsawPuzzle(jigsaw.read_image(sources), sources=sources)
    result = jigsaw.solve(pieces, encoding=args.encoding, **flag_values(args, "jigsaw", "solve"))
    stats = result.stats
    for warning in stats.get("warnings", []):  # e.g. piece-like shapes left out at the image border
        sys.stderr.write(f"warning: {warning}\n")
    ids = jigsaw.piece_ids(pieces)
    board = None if result.solution is None else np.asarray(result.solution)
    if args.json:
        id_board = None if board is None else [[ids[p] if p >= 0 else None for p in row] for row in board[:, :, 0].tolist()]
        write_result_json(out, result, ids=id_board, piece_ids=ids)
    else:
        out.write(f"status: {result.status}  pieces: {len(pieces)}  board: {stats['rows']} x {stats['cols']}  "
                  f"method: {stats.get('method')}  doubtful joins: {stats.get('doubtful_joins', 'n/a')}  "
                  f"seconds: {stats.get('seconds', 0):.2f}\n")
        if board is not None:
            out.write(jigsaw.render_text(pieces, board) + "\n")
            if stats.get("doubtful"):
                out.write("doubtful joins (row,col from 1): " + ", ".join(
                    f"{ids[board[a][0]]}|{ids[board[b][0]]} at {a[0] + 1},{a[1] + 1}-{b[0] + 1},{b[1] + 1}"
                    for a, b in stats["doubtful"]) + "\n")
    if board is not None:
        if args.svg:
            _write_text(args.svg, jigsaw.render_svg(pieces, board))
        if args.png:
            _save_png(args.png, jigsaw.render_image(pieces, board))
    if args.annotate:
        _annotate(args.annotate, sources, pieces, board)
    return exit_code([result.status])


def _annotate(folder: str, sources: List[str], pieces, board) -> None:
    """The annotated copy of each scan (``--annotate DIR``): DIR/<scan name>.svg."""
    from .. import jigsaw

    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as error:
        raise PuzzleError(f"cannot create {folder}: {error.strerror or error}") from None
    names = [os.path.splitext(os.path.basename(scan))[0] for scan in sources]
    for index, scan in enumerate(sources):
        name = names[index] if names.count(names[index]) == 1 else f"{index + 1}-{names[index]}"
        _write_text(os.path.join(folder, f"{name}.svg"), jigsaw.annotate_scan(scan, pieces, board, image=index))


def run_generate(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    """Generate a puzzle, write its outlines / scan, print the true board."""
    out = out if out is not None else sys.stdout
    from .. import jigsaw

    puzzle, truth = jigsaw.generate(args.rows, args.cols, seed=args.seed, piece_size=args.piece_size,
                                    mirror=args.mirror)
    if args.json_out:  # the pieces file, with the true board for checking
        data = json.loads(jigsaw.format(puzzle))
        data["truth"] = {"board": truth.board.tolist(), "seed": truth.seed}
        _write_text(args.json_out, json.dumps(data))
    if args.png:
        _save_png(args.png, jigsaw.render_scan(puzzle, blur=args.blur, noise=args.noise, seed=truth.seed))
    out.write(f"jigsaw {args.rows} x {args.cols}, seed {truth.seed}; true board (piece indices):\n")
    for row in truth.board:
        out.write(" ".join(f"{int(p):3d}" for p in row) + "\n")
    return 0


def demo(out: TextIO) -> None:
    """A generated 4 x 6 cut assembled from its outlines (numpy only, no image library)."""
    from .. import jigsaw

    out.write("== jigsaw: a generated 4 x 6 cut, pieces turned, assembled from their shapes ==\n")
    puzzle, truth = jigsaw.generate(4, 6, seed=2024)
    edges = jigsaw.find_edges(puzzle.pieces)
    features, where = jigsaw.encode_edges(edges, "ordinates")
    labels = jigsaw.edge_labels(edges, features, where)
    out.write(f"{len(puzzle)} pieces, {int((edges.kinds == 1).sum())} tabs, {int((edges.kinds == -1).sum())} blanks, "
              f"{int(labels.max())} edge classes by k-means (Béhague (2024), section 2)\n")
    result = jigsaw.solve(puzzle, method="labels")
    out.write(jigsaw.render_text(puzzle, result.solution) + "\n")
    out.write(f"{result.status}; doubtful joins: {result.stats['doubtful_joins']} of {result.stats['joins']}\n")
