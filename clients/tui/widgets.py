"""The match screen's two drawn widgets: the board window (scrolled to keep the
cursor in sight, zoomed out to compact cells on demand) and the log (every
line kept, wrapped to the log's width again whenever that changes)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.widget import Widget
from textual.widgets import RichLog

from clients.tui.board import BoardModel
from clients.tui.board_window import fit, render_board, scroll
from clients.tui.match import MatchModel


class BoardView(Widget):
    """The board window around the cursor, as large as the widget allows; a
    last line says which part of the table it shows when it is not all of it.
    `pan` moves the window without the cursor (to look across a 48-hex table at
    80 columns); the next move of the cursor brings the window back to it."""

    def __init__(self, model: MatchModel, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.model = model
        self.origin = (0, 0)
        self.compact = False  # 3-character cells instead of 4 (the zoomed-out board)
        self.window = (0, 0)  # the columns and rows shown at the last render
        self._panned = False  # the window was moved off the cursor...
        self._panned_at: object = None  # ... where the cursor was then
        self._before_pan = (0, 0)  # ... and where the window was

    def pan(self, cols: int, rows: int) -> None:
        """Move the window by three quarters of its width (height) times `cols`
        (`rows`): a step keeps a strip of what was shown, to see where one is."""
        board = self.model.board
        width, height = self.window
        if not self._panned:
            self._panned, self._before_pan = True, self.origin
        col0 = self.origin[0] + cols * max(1, width * 3 // 4)
        row0 = self.origin[1] + rows * max(1, height * 3 // 4)
        self.origin = (max(0, min(col0, board.width - width)),
                       max(0, min(row0, board.height - height)))
        self._panned_at = self.model.cursor
        self.refresh()

    def render(self) -> Text:
        board = self.model.board
        if not board.width:
            return Text("(no board yet: terrain is laid out during set-up)")
        cell = 3 if self.compact else 4
        width, height = self.size.width or 200, self.size.height or 100
        cols, rows = fit(board, width, height, cell)
        if (cols, rows) != (board.width, board.height):
            cols, rows = fit(board, width, height - 1, cell)  # (a line for where we are)
        self.window = (cols, rows)
        cursor = self.model.cursor
        if self._panned and cursor != self._panned_at:
            self._panned, self.origin = False, self._before_pan  # back to the cursor
        # (while panned, the window is only kept on the board, wherever the cursor is)
        self.origin = scroll(self.origin, None if self._panned else cursor, (cols, rows),
                             board)
        text = render_board(board, cursor=cursor, highlights=self.model.highlights(),
                            origin=self.origin, cols=cols, rows=rows, cell=cell,
                            region=self.model.region())
        if (cols, rows) != (board.width, board.height):
            text.append("\n" + where(self.origin, (cols, rows), board, width, self.compact),
                        style="dim")
        return text


def where(origin: tuple[int, int], window: tuple[int, int], board: BoardModel, width: int,
          compact: bool) -> str:
    """The part of the table shown, fitted to `width`: the columns and rows, an
    arrow on each side where there is more ('<' more to the left...), then as
    many key hints as fit.

        < cols 13-22/48 >  rows 1-20/48 v  </>: pan
    """
    (col0, row0), (cols, rows) = origin, window
    more = (("<" if col0 > 0 else " ") + f" cols {col0 + 1}-{col0 + cols}/{board.width} "
            + (">" if col0 + cols < board.width else " ")) if cols < board.width else ""
    down = (("^" if row0 > 0 else " ") + f" rows {row0 + 1}-{row0 + rows}/{board.height} "
            + ("v" if row0 + rows < board.height else " ")) if rows < board.height else ""
    line = "  ".join(part for part in (more, down) if part)
    hints = (["</>: pan"] if cols < board.width else []) + ([] if compact else ["z: zoom out"])
    for hint in hints:
        if len(line) + 2 + len(hint) <= width:
            line += "  " + hint
    return line


class MatchLog(RichLog):
    """The match log. RichLog wraps a line once, when written, at its width
    then (or at its minimum of 78 columns): narrower, the ends of lines were
    cut off. This one wraps each line to the width it has, again on a resize;
    its scrollbar is always there, so the width does not change as it fills."""

    DEFAULT_CSS = "MatchLog { overflow-y: scroll; }"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, min_width=1, **kwargs)
        self.texts: list[str] = []
        self._wrapped_at = 0

    def add(self, line: str) -> None:
        self.texts.append(line)
        width = self.scrollable_content_region.width
        self.write(line, width=width if self._size_known and width > 0 else None)

    def on_resize(self, event: events.Resize) -> None:
        width = self.scrollable_content_region.width
        if width > 0 and width != self._wrapped_at:
            self._wrapped_at = width
            self.clear()
            for line in self.texts:
                self.write(line, width=width)

    def text(self) -> str:
        """What the log holds now, as wrapped (for tests)."""
        return "\n".join(strip.text.rstrip() for strip in self.lines)
