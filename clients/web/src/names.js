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

// id -> name for words read away from the board (the log, the prompt, the hover
// line): a kind both sides have also says whose each is ("Dwarf Commander (Ann)"),
// so a mirror match reads "Dwarf Commander (Ann) attacks Dwarf Commander (Bob)".
// figures: [{id, seat, name}]; whose(seat) -> the player's words.
export function ownedNames(figures, whose, names = displayNames(figures)) {
  const seats = new Map(); // short name -> the seats having one
  for (const fig of figures) {
    const base = shortName(fig.name);
    if (!seats.has(base)) seats.set(base, new Set());
    seats.get(base).add(fig.seat);
  }
  const out = new Map();
  for (const fig of figures) {
    const name = names.get(fig.id);
    out.set(fig.id, seats.get(shortName(fig.name)).size > 1 ? `${name} (${whose(fig.seat)})` : name);
  }
  return out;
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

// A seat in words: its player and warband ("Ann (Orc Patrol)"), never its letter;
// before anyone is known, "Player 1", "Player 2" (seats in order).
export function seatName(seat, players = {}, warbands = {}) {
  const who = players[seat];
  const band = warbands[seat];
  if (who && band) return `${who} (${band})`;
  return who || band || playerNumber(seat);
}

// Just the player (or, not yet known, the warband): "waiting for Ann".
export function playerName(seat, players = {}, warbands = {}) {
  return players[seat] || warbands[seat] || playerNumber(seat);
}

function playerNumber(seat) {
  const n = typeof seat === "string" && /^[a-z]$/.test(seat) ? seat.charCodeAt(0) - 96 : null;
  return n ? `Player ${n}` : "a player";
}

// The rules name figures by their profile ("Human, Leader (Sword Or Spear And
// Shield)"): in a text meant for the player, each becomes the figure's display name
// (of the acting figure `preferId` when several share the profile; else its short name).
export function figureWords(text, figures, names, preferId = null) {
  const byProfile = new Map();
  for (const f of figures || []) {
    if (!byProfile.has(f.name)) byProfile.set(f.name, []);
    byProfile.get(f.name).push(f);
  }
  let out = String(text);
  // the longest profiles first, so "Orc Boss (Axe)" is not cut by a shorter "Orc Boss"
  for (const [profile, members] of [...byProfile].sort((x, y) => y[0].length - x[0].length)) {
    if (!out.includes(profile)) continue;
    const one = members.length === 1 ? members[0] : members.find((f) => f.id === preferId);
    out = out.split(profile).join(one ? names.get(one.id) || shortName(profile) : shortName(profile));
  }
  return out;
}
