"""The board drawn in a window of the terminal (clients/tui/board.py: the model and
the look of each hex): the picture as rich Text, how many cells fit, the window
following the cursor and the cursor's moves by arrow keys. The same for every board
kind: each gives its cells through `BoardModel` (`cell`, `tail`, `offset`, `axial`)."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from clients.tui.board import BoardModel, Hex


def render_board(model: BoardModel, *, cursor: Hex | None = None,
                 highlights: Iterable[Hex] = (), origin: tuple[int, int] = (0, 0),
                 cols: int | None = None, rows: int | None = None, cell: int = 4,
                 region: Iterable[Hex] = ()) -> Text:
    """The board (or the window of it from `origin`, `cols` x `rows` cells) as
    rich Text; `.plain` is the same picture without colour. `cell=3` is the
    compact (zoomed-out) picture: each hex its left marker and content only,
    odd rows shifted by one character. `region`: cells whose markers are tinted
    green (a measured table: where the choice may go, as the prompt describes it)."""
    lit, inside = set(highlights), set(region)
    col0, row0 = origin
    cols = model.width - col0 if cols is None else min(cols, model.width - col0)
    rows = model.height - row0 if rows is None else min(rows, model.height - row0)
    text = Text(no_wrap=True, overflow="crop")
    for row in range(row0, row0 + rows):
        if row > row0:
            text.append("\n")
        if row % 2 and model.shifted:
            text.append(" " * (cell // 2))
        for col in range(col0, col0 + cols):
            h = model.axial(col, row)
            content, style, background = model.cell(h)
            if h == cursor:
                left, right, mark = "[", "]", "bold black on yellow"
                style += " reverse"
            elif h in lit:
                left, right, mark = "(", ")", f"bold yellow {background}"
            else:
                left, right, mark = " ", model.tail(h), background
                if h in inside:
                    mark = "bold white on dark_green"
            text.append(left, style=mark)
            text.append(content, style=style)
            if cell >= 4:
                text.append(right, style=mark)
    return text


def fit(model: BoardModel, width: int, height: int, cell: int = 4) -> tuple[int, int]:
    """How many columns and rows of cells fit in `width` x `height` characters."""
    return (max(1, min(model.width, (width - (cell // 2 if model.shifted else 0)) // cell)),
            max(1, min(model.height, height)))


def scroll(origin: tuple[int, int], cursor: Hex | None, window: tuple[int, int],
           model: BoardModel) -> tuple[int, int]:
    """The window's new origin: unchanged unless the cursor left it; then moved
    just enough to show it again (kept inside the board)."""
    col0, row0 = origin
    cols, rows = window
    if cursor is not None:
        col, row = model.offset(cursor)
        if col < col0:
            col0 = col
        elif col >= col0 + cols:
            col0 = col - cols + 1
        if row < row0:
            row0 = row
        elif row >= row0 + rows:
            row0 = row - rows + 1
    col0 = max(0, min(col0, model.width - cols))
    row0 = max(0, min(row0, model.height - rows))
    return col0, row0


def step(model: BoardModel, h: Hex, key: str) -> Hex:
    """The cursor moved one cell by an arrow key (left/right along the row,
    up/down to the row above/below in the same column), kept on the board."""
    col, row = model.offset(h)
    dc, dr = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}[key]
    col = max(0, min(model.width - 1, col + dc))
    row = max(0, min(model.height - 1, row + dr))
    return model.axial(col, row)
