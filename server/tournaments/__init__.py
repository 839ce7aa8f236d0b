"""Tournament core (issue 33): event settings, Swiss / round robin / knockout pairing and
standings with wargame tie-breaks. Pure functions, no I/O; see docs/tournaments.md."""
