// The list of finished matches (`list_replays`), each linking to its replay viewer
// (replay.js).

import { $, escape, when } from "./dom.js";

export async function renderReplayList(root, app) {
  root.innerHTML = `<section class="card wide"><h2>Finished matches</h2>
    <div id="replay-list"><p class="muted">Loading…</p></div></section>`;
  let listed;
  try {
    listed = await app.conn.request("list_replays", { system: "sbh", limit: 100 });
  } catch (error) {
    $(root, "#replay-list").textContent = error.message;
    return;
  }
  const rows = listed.replays.map((r) => {
    const players = Object.entries(r.players || {})
      .map(([seat, name]) => `${seat.toUpperCase()}: ${escape(name)}`).join(", ");
    const result = r.result?.winner ? `${r.result.winner.toUpperCase()} won (${r.result.reason})`
      : `no winner${r.result?.reason ? ` (${r.result.reason})` : ""}`;
    return `<tr data-replay="${escape(r.match_id)}"><td><code>${escape(r.match_id)}</code></td>
      <td>${players}</td><td>${escape(result)}</td><td>${escape(when(r.finished_at))}</td>
      <td><a class="button small" href="#/replay/${escape(r.match_id)}">Replay</a></td></tr>`;
  });
  $(root, "#replay-list").innerHTML = rows.length
    ? `<table><thead><tr><th>Match</th><th>Players</th><th>Result</th><th>Finished</th><th></th>
       </tr></thead><tbody>${rows.join("")}</tbody></table>`
    : '<p class="muted">No finished matches yet.</p>';
}
