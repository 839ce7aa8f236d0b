"""Bots that play from prompts (clients/bots/sbh.py) and run matches (match.py)."""
