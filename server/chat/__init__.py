"""Match and lobby chat with moderation (issue 32): limits, the word filter, rooms
and who may read and write them, the store, and the connection's requests."""
