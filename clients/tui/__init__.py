"""The terminal client (`warband play`, `warband watch`): app.py (the Textual
screens), board.py (the hex board as text), picker.py (building a command from a
prompt), match.py (the match screen's state and keys), events.py (the log in
words), presets.py (ready-made warband lists)."""
