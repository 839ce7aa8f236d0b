"""The match screen's two drawn widgets: the board window (scrolled to keep the
cursor in sight, zoomed out to compact cells on demand) and the log (every
line kept, wrapped to the log's width again whenever that changes)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.widget import Widget
from textual.widgets import RichLog

from clients.tui.board import fit, render_board, scroll
from clients.tui.match import MatchModel


class BoardView(Widget):
    """The board window around the cursor, as large as the widget allows; a
    last line says which part of the table it shows when it is not all of it."""

    def __init__(self, model: MatchModel, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.model = model
        self.origin = (0, 0)
        self.compact = False  # 3-character cells instead of 4 (the zoomed-out board)

    def render(self) -> Text:
        board = self.model.board
        if not board.width:
            return Text("(no board yet: terrain is laid out during set-up)")
        cell = 3 if self.compact else 4
        width, height = self.size.width or 200, self.size.height or 100
        cols, rows = fit(board, width, height, cell)
        if (cols, rows) != (board.width, board.height):
            cols, rows = fit(board, width, height - 1, cell)  # (a line for where we are)
        self.origin = scroll(self.origin, self.model.cursor, (cols, rows), board)
        text = render_board(board, cursor=self.model.cursor,
                            highlights=self.model.highlights(), origin=self.origin,
                            cols=cols, rows=rows, cell=cell)
        if (cols, rows) != (board.width, board.height):
            col0, row0 = self.origin
            text.append(f"\ncols {col0 + 1}-{col0 + cols}/{board.width}, rows "
                        f"{row0 + 1}-{row0 + rows}/{board.height}"
                        f"{'' if self.compact else '; z: zoom out'}", style="dim")
        return text


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
