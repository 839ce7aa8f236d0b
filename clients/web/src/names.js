// Short, unambiguous names for figures: "Goblin Warrior (Hand Weapon And Shield)"
// becomes "Goblin Warrior", and a warband's second one "Goblin Warrior 2".

export const SEAT_COLOURS = { a: "#2563c9", b: "#c62f2f" };

export function shortName(name) {
  const plain = String(name).replace(/\s*\([^)]*\)/g, "").replace(/,\s*/g, " ").trim();
  return plain || String(name);
}

// id -> display name, for every figure of the view.
export function displayNames(figures) {
  const groups = new Map();
  for (const fig of figures) {
    const key = `${fig.seat}|${shortName(fig.name)}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(fig);
  }
  const names = new Map();
  for (const members of groups.values()) {
    members.forEach((fig, index) => {
      const base = shortName(fig.name);
      names.set(fig.id, members.length > 1 ? `${base} ${index + 1}` : base);
    });
  }
  return names;
}

// Two or three letters for a token: initials, plus the number of a duplicate.
export function tokenText(display) {
  const match = display.match(/^(.*?)(?:\s(\d+))?$/);
  const words = match[1].split(/\s+/).filter(Boolean);
  const initials = words.length > 1
    ? words.slice(0, 2).map((w) => w[0].toUpperCase()).join("")
    : (words[0] || "?").slice(0, 2);
  return initials + (match[2] || "");
}

export function seatName(seat, players = {}, warbands = {}) {
  const letter = seat ? seat.toUpperCase() : "?";
  const who = players[seat];
  const band = warbands[seat];
  const parts = [`Seat ${letter}`];
  if (who) parts.push(who);
  if (band) parts.push(band);
  return parts.length > 1 ? `${parts[0]} (${parts.slice(1).join(", ")})` : parts[0];
}
