"""Names and who they stand for: the username alphabet, the key under which a
username is unique (case and look-alike characters folded), names nobody may
take, a guest's chosen name made plain, and the one place that builds the name
a client is shown for a seat holder (guests marked, the house bot by the server
alone), so that a guest can never pass for a registered player or the bot."""

from __future__ import annotations

import re
import unicodedata

USERNAME = re.compile(r"[A-Za-z0-9_-]{3,32}")
GUEST_NAME_LENGTH = 32
GUEST_MARK = " (guest)"

# Characters that read alike in common fonts (I, l and 1; O and 0) or are easily
# swapped when a name is told (- and _). Case is folded before this table, so "I"
# is already "i". Each further fold would refuse more honest names; these are the
# pairs that let one player pass for another at a glance.
_LOOK_ALIKES = str.maketrans({"0": "o", "1": "i", "l": "i", "-": "_"})


def username_key(username: str) -> str:
    """What two usernames must not share: NFKC, case folded, look-alikes folded
    ("Bob", "BOB" and "b0b" are one key; so are "bill", "Bi11" and "BIII")."""
    return unicodedata.normalize("NFKC", username).casefold().translate(_LOOK_ALIKES)


def _skeleton(name: str) -> str:
    """A name's key with everything but letters a-z and digits dropped (spaces,
    brackets, separators): what a reserved name is recognised by."""
    return re.sub(r"[^a-z0-9]", "", username_key(name))


# Names that read as the server's own: the house bot (in any spelling: "House bot",
# "house_bot (heuristic)", "HOUSEB0T2"), the game and its staff. A prefix reserves
# every name it begins; a word only itself.
RESERVED_PREFIXES = tuple(_skeleton(p) for p in ("house bot", "warband", "admin", "moderator"))
RESERVED_WORDS = frozenset(_skeleton(w) for w in (
    "system", "server", "root", "staff", "support", "official", "mod", "guest", "anonymous"))


def reserved(name: str) -> bool:
    skeleton = _skeleton(name)
    return skeleton in RESERVED_WORDS or skeleton.startswith(RESERVED_PREFIXES)


def plain_guest_name(name: str | None) -> str:
    """A guest's chosen name as it is stored: NFKC, without control or format
    characters (a right-to-left override or a zero-width character could hide or
    turn round the guest mark), runs of spaces made one, at most 32 characters.
    Empty if nothing is left."""
    text = unicodedata.normalize("NFKC", name or "")
    text = "".join(" " if c.isspace() else c for c in text
                   if c.isspace() or not unicodedata.category(c).startswith("C"))
    return " ".join(text.split())[:GUEST_NAME_LENGTH].strip()


def house_bot_name(level: str) -> str:
    return f"House bot ({level})"


def shown_name(display_name: str, *, guest: bool, house_bot_level: str | None = None) -> str:
    """The name every listing, push and replay shows for a seat holder. A registered
    account shows its username as registered (letters, digits, - and _ only); a
    guest its chosen name and the guest mark, which no username can contain; the
    house bot the name only the server gives it."""
    if house_bot_level is not None:
        return house_bot_name(house_bot_level)
    return display_name + GUEST_MARK if guest else display_name
