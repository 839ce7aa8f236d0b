"""Websocket compression (permessage-deflate), chosen with `warband serve --compression`.

Deflate costs the single event loop ~40 us of CPU per frame (the frames are MessagePack:
events ~140 bytes, prompts ~600, views ~6 KB), and with websockets' default context
takeover it keeps ~47 KiB of zlib state per connection: the two seats and a spectator of
one match would hold more than the whole 64 KiB per match budget. So it is off by
default; the CPU and memory go to the matches. Where bandwidth costs more than CPU (a
metered or slow link), "deflate" compresses each message on its own (3.5x smaller, no
state kept between messages) and "deflate-takeover" is websockets' own default (4x, the
memory above).
"""

from __future__ import annotations

from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory

COMPRESSIONS = ("none", "deflate", "deflate-takeover")


def websocket_compression(mode: str) -> dict:
    """The keyword arguments that make `websockets.serve` compress as `mode` says."""
    if mode == "none":
        return {"compression": None}
    if mode == "deflate":
        return {"compression": None, "extensions": [ServerPerMessageDeflateFactory(
            server_no_context_takeover=True, client_no_context_takeover=True,
            server_max_window_bits=12, client_max_window_bits=12,
            compress_settings={"memLevel": 5})]}
    if mode == "deflate-takeover":
        return {"compression": "deflate"}
    raise ValueError(f"unknown compression {mode!r} (known: {', '.join(COMPRESSIONS)})")
