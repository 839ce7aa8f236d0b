"""Time controls: the server's clocks for each seat of a match (issue 32).

`control` is what a match is created with (none, live, correspondence); `clock` the
running clocks, pure arithmetic on times the actor passes in, so a test can drive it
without waiting."""
