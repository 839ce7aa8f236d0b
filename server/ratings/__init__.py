"""Player ratings: Glicko-2 with lichess's parameters (glicko2.py), kept per account,
rules system and time-control category (records.py)."""
