"""Running warband as several nodes over one database (issue 35): which node owns
which match (`leases`), fenced so that a stale owner's appends are refused."""
