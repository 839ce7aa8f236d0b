"""Matches: one actor per active match, and the hub that owns them."""
