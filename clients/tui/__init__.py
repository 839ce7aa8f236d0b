"""The terminal client (`warband play`, `warband watch`): app.py (the Textual
screens), board.py (the hex board as text), picker.py (building a command from a
prompt; picker_words.py its words), list_builder.py (what builder.py and
sns_builder.py share), match.py (the match screen's state and keys), events.py (the log in
words), presets.py (ready-made warband lists)."""
