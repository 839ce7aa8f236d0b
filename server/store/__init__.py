"""The match store: schema, migrations, reads and writes, group commit."""
