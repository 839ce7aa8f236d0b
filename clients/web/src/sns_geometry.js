// Swords & Sorcery's measured table in the browser (units: tenths of an inch;
// bearings: compass degrees, 0 north = up, clockwise). A prompt describes a
// parameter set (docs/protocol.md, "Described parameters"): these tests say
// whether a point lies in it and outline it for drawing. They are the same
// rules as server/rules/board/measured_paths.py in floating point: the server
// stays the judge of any point sent.

export const INCH = 10;
const CONTACT_GAP = 1;

export function bearingVector(b) {
  const r = (b * Math.PI) / 180;
  return [Math.sin(r), -Math.cos(r)];
}

// The whole degree from `from` towards `to` (null when they are the same point).
export function bearingTo(from, to) {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  if (dx === 0 && dy === 0) return null;
  return ((Math.round((Math.atan2(dx, -dy) * 180) / Math.PI) % 360) + 360) % 360;
}

function segPointDist2(a, b, p) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  let t = len2 ? ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2 : 0;
  t = Math.max(0, Math.min(1, t));
  const x = a[0] + t * dx - p[0];
  const y = a[1] + t * dy - p[1];
  return x * x + y * y;
}

function cross(o, a, b) {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

function segmentsCross(a, b, c, d) {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  return ((d1 > 0) !== (d2 > 0)) && ((d3 > 0) !== (d4 > 0)) && d1 && d2 && d3 && d4;
}

function segSegDist2(a, b, c, d) {
  if (segmentsCross(a, b, c, d)) return 0;
  return Math.min(segPointDist2(a, b, c), segPointDist2(a, b, d), segPointDist2(c, d, a),
    segPointDist2(c, d, b));
}

function edges(corners) {
  return corners.map((c, i) => [c, corners[(i + 1) % corners.length]]);
}

export function insidePolygon(corners, p) {
  let inside = false;
  for (const [c, d] of edges(corners)) {
    if ((c[1] > p[1]) !== (d[1] > p[1])
        && p[0] < c[0] + ((p[1] - c[1]) * (d[0] - c[0])) / (d[1] - c[1])) inside = !inside;
  }
  return inside;
}

// A base of radius r swept from a to b overlaps the piece's inside.
function sweepHits(corners, a, b, r) {
  if (insidePolygon(corners, a)) return true;
  return edges(corners).some(([c, d]) => segSegDist2(a, b, c, d) < r * r);
}

// The fraction of segment ab inside any rough piece (overlaps counted once).
function roughFraction(a, b, terrain) {
  const rough = terrain.filter((p) => p.movement === "rough");
  if (!rough.length) return 0;
  const cuts = new Set([0, 1]);
  for (const piece of rough) {
    for (const [c, d] of edges(piece.corners)) {
      const ab = [b[0] - a[0], b[1] - a[1]];
      const cd = [d[0] - c[0], d[1] - c[1]];
      const den = ab[0] * cd[1] - ab[1] * cd[0];
      if (!den) continue;
      const t = ((c[0] - a[0]) * cd[1] - (c[1] - a[1]) * cd[0]) / den;
      const u = ((c[0] - a[0]) * ab[1] - (c[1] - a[1]) * ab[0]) / den;
      if (t > 0 && t < 1 && u >= 0 && u <= 1) cuts.add(t);
    }
  }
  const ts = [...cuts].sort((x, y) => x - y);
  let inside = 0;
  for (let i = 1; i < ts.length; i += 1) {
    const mid = (ts[i - 1] + ts[i]) / 2;
    const p = [a[0] + mid * (b[0] - a[0]), a[1] + mid * (b[1] - a[1])];
    if (rough.some((piece) => insidePolygon(piece.corners, p))) inside += ts[i] - ts[i - 1];
  }
  return inside;
}

export function moveCost(a, b, terrain) {
  return Math.hypot(b[0] - a[0], b[1] - a[1]) * (1 + roughFraction(a, b, terrain));
}

// Why a straight move of a "reachable" description to p is refused (null: allowed).
// `ends` false skips the rules about the end point (friends, leaving contact).
export function straightRefusal(desc, p, ends = true) {
  const r = desc.radius;
  const [w, h] = desc.table;
  const a = desc.from;
  if (p[0] < r || p[0] > w - r || p[1] < r || p[1] > h - r) return "off the table";
  for (const piece of desc.terrain) {
    if ((piece.movement === "impassable" || piece.movement === "wall")
        && sweepHits(piece.corners, a, p, r)) return `${piece.name} is in the way`;
  }
  for (const [x, y, er] of desc.enemies) {
    if (segPointDist2(a, p, [x, y]) < (r + er) ** 2 - 1e-6) return "an enemy is in the way";
  }
  if (moveCost(a, p, desc.terrain) > desc.allowance + 1e-6) return "too far";
  if (!ends) return null;
  for (const [x, y, fr] of desc.friends) {
    if ((p[0] - x) ** 2 + (p[1] - y) ** 2 < (r + fr) ** 2) return "on a friend's base";
  }
  for (const [x, y, er] of desc.leave_contact || []) {
    if (Math.hypot(p[0] - x, p[1] - y) - r - er <= CONTACT_GAP) return "still in contact";
  }
  return null;
}

// How far from its start along `bearing` a straight move may go (ignoring
// where it may not end: friends' bases, contact for a retreat).
function rayReach(desc, bearing) {
  const [vx, vy] = bearingVector(bearing);
  const at = (d) => [desc.from[0] + vx * d, desc.from[1] + vy * d];
  let lo = 0;
  let hi = desc.allowance;
  if (!straightRefusal(desc, at(hi), false)) return hi;
  for (let i = 0; i < 14; i += 1) {
    const mid = (lo + hi) / 2;
    if (straightRefusal(desc, at(mid), false)) hi = mid;
    else lo = mid;
  }
  return lo;
}

// The area's outline: one point per `step` degrees (the area is star-shaped
// round its start: a point on the way to a reachable point is reachable).
export function reachOutline(desc, step = 3) {
  const points = [];
  for (let b = 0; b < 360; b += step) {
    const d = rayReach(desc, b);
    const [vx, vy] = bearingVector(b);
    points.push([desc.from[0] + vx * d, desc.from[1] + vy * d]);
  }
  return points;
}

// A "placement" description: the base fits at p.
export function placementRefusal(desc, p) {
  const r = desc.radius;
  const [top, bottom] = desc.rows;
  if (p[1] < top + r || p[1] > bottom - r || p[0] < r || p[0] > desc.table[0] - r) {
    return top === 0 && bottom === desc.table[1] ? "off the table"
      : "outside your deployment strip";
  }
  for (const [x, y, or] of desc.others) {
    if ((p[0] - x) ** 2 + (p[1] - y) ** 2 < (r + or) ** 2) return "on another base";
  }
  for (const piece of desc.solid) {
    if (sweepHits(piece.corners, p, p, r)) return `in ${piece.name}`;
  }
  return null;
}

// A spell's point ("point"): on the table, within reach of the caster's rim.
export function pointRefusal(desc, p) {
  const [w, h] = desc.table;
  if (p[0] < 0 || p[0] > w || p[1] < 0 || p[1] > h) return "off the table";
  const reach = desc.reach + desc.radius;
  if ((p[0] - desc.from[0]) ** 2 + (p[1] - desc.from[1]) ** 2 > reach * reach) {
    return "out of the spell's range";
  }
  return null;
}

// The segment ab touches the piece (crosses an edge, or lies inside it).
function crosses(corners, a, b) {
  if (insidePolygon(corners, a) || insidePolygon(corners, b)) return true;
  return edges(corners).some(([c, d]) => segSegDist2(a, b, c, d) <= 1e-9);
}

// A climb's far side ("climb"): over a climbable piece and nothing else solid,
// the base clear of them all, on the table and on no other base.
export function climbRefusal(desc, p) {
  const r = desc.radius;
  const a = desc.from;
  if ((p[0] - a[0]) ** 2 + (p[1] - a[1]) ** 2 > desc.reach ** 2) return "too far";
  if (p[0] < r || p[0] > desc.table[0] - r || p[1] < r || p[1] > desc.table[1] - r) {
    return "off the table";
  }
  for (const [x, y, or] of desc.others) {
    if ((p[0] - x) ** 2 + (p[1] - y) ** 2 < (r + or) ** 2) return "on another base";
  }
  for (const piece of [...desc.climbable, ...desc.solid]) {
    if (sweepHits(piece.corners, p, p, r)) return `in ${piece.name}`;
  }
  const blocked = desc.solid.find((piece) => crosses(piece.corners, a, p));
  if (blocked) return `${blocked.name} is in the way`;
  if (!desc.climbable.some((piece) => crosses(piece.corners, a, p))) return "not over the wall";
  return null;
}

// A climb's far side as drawn: along rays from `from` every `step` degrees, the
// stretches (to a tenth of a unit's resolution of `probe`) where climbRefusal
// accepts the point; each stretch a slice [bearing, near, far]. The region is
// not star-shaped round `from` (it starts past the wall), hence stretches.
export function climbSlices(desc, step = 2, probe = 0.5) {
  const slices = [];
  for (let b = 0; b < 360; b += step) {
    const [vx, vy] = bearingVector(b);
    let near = null;
    for (let d = 0; d <= desc.reach + 1e-9; d += probe) {
      const ok = !climbRefusal(desc, [desc.from[0] + vx * d, desc.from[1] + vy * d]);
      if (ok && near === null) near = d;
      if (!ok && near !== null) {
        slices.push([b, near, d - probe]);
        near = null;
      }
    }
    if (near !== null) slices.push([b, near, desc.reach]);
  }
  return slices;
}

// The slices as one SVG path: each a ring sector `step` degrees wide round `from`.
export function slicesPath(from, slices, step = 2) {
  const at = (b, d) => {
    const [vx, vy] = bearingVector(b);
    return `${(from[0] + vx * d).toFixed(2)},${(from[1] + vy * d).toFixed(2)}`;
  };
  return slices.map(([b, near, far]) => `M${at(b - step / 2, near)} L${at(b - step / 2, far)} `
    + `L${at(b + step / 2, far)} L${at(b + step / 2, near)} Z`).join(" ");
}

// Whether a point answers a described parameter; null when it does, else why not.
export function describedRefusal(desc, p) {
  if (desc.shape === "reachable" || desc.shape === "path") return straightRefusal(desc, p);
  if (desc.shape === "placement") return placementRefusal(desc, p);
  if (desc.shape === "point") return pointRefusal(desc, p);
  if (desc.shape === "climb") return climbRefusal(desc, p);
  if (desc.shape === "terrain_change") return placePointRefusal(desc, p);
  return "not a place";
}

// An arc's wedge as an SVG path round (x, y): bearings from..to, radius r.
export function wedgePath(x, y, r, from, to) {
  const [ax, ay] = bearingVector(from);
  const [bx, by] = bearingVector(to);
  const large = ((to - from + 360) % 360) > 180 ? 1 : 0;
  return `M${x},${y} L${x + ax * r},${y + ay * r} A${r},${r} 0 ${large} 1 `
    + `${x + bx * r},${y + by * r} Z`;
}

export function inchesBetween(a, b) {
  return `${(Math.hypot(b[0] - a[0], b[1] - a[1]) / INCH).toFixed(1)}"`;
}

// A cone aimed along `bearing` from the figure's rim, as a facing's description
// gives it (docs/protocol.md, a bearing's `cone`: `length` units, `degrees` wide):
// the same cone as server/rules/board/measured.py's cone_from_front.
export function aimedCone(figure, bearing, cone) {
  const [vx, vy] = bearingVector(bearing);
  return { apex: [figure.x + vx * figure.radius, figure.y + vy * figure.radius], bearing,
    length: cone.length, half: cone.degrees / 2 };
}

// The cone as an SVG path (a wedge round its apex).
export function conePath(c) {
  return wedgePath(c.apex[0], c.apex[1], c.length, (c.bearing - c.half + 360) % 360,
    (c.bearing + c.half) % 360);
}

// A base (centre p, radius r) reaches into the cone: its centre inside the wedge
// within length + r, or its rim across one of the two edges (as Cone.touches).
export function coneTouches(c, p, r) {
  const dx = p[0] - c.apex[0];
  const dy = p[1] - c.apex[1];
  const d = Math.hypot(dx, dy);
  if (d === 0) return true;
  const bearing = (Math.atan2(dx, -dy) * 180) / Math.PI;
  const off = Math.abs((((bearing - c.bearing) % 360) + 540) % 360 - 180);
  if (off <= c.half && d <= c.length + r) return true;
  return [-c.half, c.half].some((side) => {
    const [vx, vy] = bearingVector(c.bearing + side);
    const end = [c.apex[0] + vx * c.length, c.apex[1] + vy * c.length];
    return segPointDist2(c.apex, end, p) <= r * r;
  });
}

// -- a wall or terrain spell's place ("terrain_change"), exactly as the server ------
// judges it (server/rules/board/measured_areas.py terrain_change_fits): integer
// corners from the same whole-degree sines, distances compared in integers.

// sin(d) x 1,000,000 rounded, d 0..90: the server's table (no value lies near a tie).
const SINE = Array.from({ length: 91 }, (_, d) => Math.round(Math.sin((d * Math.PI) / 180)
  * 1e6));
const SCALE = 1e6;

function intSin(d) {
  const a = ((d % 360) + 360) % 360;
  if (a <= 90) return SINE[a];
  if (a <= 180) return SINE[180 - a];
  if (a <= 270) return -SINE[a - 180];
  return -SINE[360 - a];
}

// The server's bearing_vector: (sin b, -cos b) x SCALE, in integers.
export function intBearingVector(b) {
  return [intSin(b), -intSin(b + 90)];
}

const floorDiv = (a, b) => Math.floor(a / b);

// A wall centred on p, its length along `facing`, its thickness to the right.
export function wallCorners(p, facing, length, thickness) {
  const [dx, dy] = intBearingVector(facing);
  const half = floorDiv(length, 2);
  const a = [p[0] - floorDiv(dx * half, SCALE), p[1] - floorDiv(dy * half, SCALE)];
  const b = [p[0] + floorDiv(dx * half, SCALE), p[1] + floorDiv(dy * half, SCALE)];
  const n = [floorDiv(-dy * thickness, SCALE), floorDiv(dx * thickness, SCALE)];
  return [a, b, [b[0] + n[0], b[1] + n[1]], [a[0] + n[0], a[1] + n[1]]];
}

export function squareCorners(c, side) {
  const h = floorDiv(side, 2);
  return [[c[0] - h, c[1] - h], [c[0] + h, c[1] - h], [c[0] + h, c[1] + h], [c[0] - h, c[1] + h]];
}

// Segment ab comes nearer than r to the point p (integers: exact).
function nearerThan(a, b, p, r) {
  const ab = [b[0] - a[0], b[1] - a[1]];
  const ap = [p[0] - a[0], p[1] - a[1]];
  const dot = ab[0] * ap[0] + ab[1] * ap[1];
  const len2 = ab[0] * ab[0] + ab[1] * ab[1];
  const ap2 = ap[0] * ap[0] + ap[1] * ap[1];
  if (dot <= 0 || len2 === 0) return ap2 < r * r;
  if (dot >= len2) return (p[0] - b[0]) ** 2 + (p[1] - b[1]) ** 2 < r * r;
  return ap2 * len2 - dot * dot < r * r * len2;
}

// A disc of radius r at p overlaps the polygon's inside (the server's near_segment).
export function discTouches(corners, p, r) {
  return insidePolygon(corners, p) || edges(corners).some(([c, d]) => nearerThan(c, d, p, r));
}

// The corners of the piece a place lays (null: a remove lays none).
export function terrainChangeCorners(desc, value) {
  const [kind, x, y] = value;
  if (kind === "wall") return wallCorners([x, y], value[3], desc.wall.length, desc.wall.thickness);
  if (kind === "boulder" || kind === "mud") return squareCorners([x, y], desc[kind].side);
  return null;
}

// The first base the piece would stand on, for a kind that must stand clear.
export function terrainChangeBlocker(desc, value) {
  if (!desc.clear.includes(value[0])) return null;
  const corners = terrainChangeCorners(desc, value);
  return desc.bases.find((b) => discTouches(corners, b.at, b.radius)) || null;
}

// The pieces a remove at p clears: every one reaching into its circle.
export function terrainChangeRemoves(desc, p) {
  return desc.remove.terrain.filter((piece) => discTouches(piece.corners, p, desc.remove.radius));
}

const PIECE_WORDS = { wall: "wall", boulder: "boulder", mud: "patch of mud" };

// Why a whole place ([kind, x, y] or ["wall", x, y, bearing]) is refused; null: taken.
export function terrainChangeRefusal(desc, value) {
  const [kind, x, y] = value;
  const whole = (v) => Number.isInteger(v);
  if (!desc.kinds.includes(kind) || value.length !== (kind === "wall" ? 4 : 3)
      || !value.slice(1).every(whole) || (kind === "wall" && !(value[3] >= 0
      && value[3] < 360))) return "not a place this spell offers";
  const far = pointRefusal(desc, [x, y]);
  if (far) return far;
  const on = terrainChangeBlocker(desc, value);
  return on ? `the ${PIECE_WORDS[kind]} would stand on ${on.name}` : null;
}

// A place's point before the rest is chosen: in range, and (when every kind offered
// must stand clear) not on a base, where no wall centred could stand.
export function placePointRefusal(desc, p) {
  const far = pointRefusal(desc, p);
  if (far || desc.kinds.some((k) => !desc.clear.includes(k))) return far;
  const on = desc.bases.find((b) => (p[0] - b.at[0]) ** 2 + (p[1] - b.at[1]) ** 2
    < b.radius ** 2);
  return on ? `the ${PIECE_WORDS[desc.kinds[0]]} would stand on ${on.name}` : null;
}
