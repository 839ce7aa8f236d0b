// What every board (SBH's hexes, ASOIAF's squares) does alike: its size in the
// window, and the turn news its prompt panel tells main.js (tab title, sound).

const MARGIN_PX = 16; // below the board, inside the window

// Zoom 1 fits the whole board in its box (no scrollbar); more scrolls to pan.
export function fitBoard(container, aspect, zoom) {
  const svg = container.querySelector("svg");
  if (!svg || !aspect || !container.isConnected) return;
  // from where the box starts on the page to the bottom of the window
  const top = container.getBoundingClientRect().top + window.scrollY;
  const high = Math.max(260, window.innerHeight - top - MARGIN_PX);
  container.style.maxHeight = `${high}px`;
  const across = container.clientWidth || 900;
  const fit = Math.floor(Math.min(across, high / aspect));
  svg.style.width = `${Math.round(fit * zoom)}px`;
  container.classList.toggle("zoomed", zoom > 1);
}

// Whose turn it is, told to the panel's `turn` hook when it changes: { mine, waiting
// (the other seats' names), seq }.
export function tellTurn(panel, mine, playerName) {
  const waiting = panel.finished ? [] : (panel.prompt?.waiting || [])
    .filter((s) => s !== panel.seat).map((s) => playerName(s, panel.players, panel.warbands));
  const key = `${panel.prompt?.seq}|${mine}|${waiting.join()}`;
  if (key === panel.toldTurn) return;
  panel.toldTurn = key;
  panel.hooks.turn?.({ mine, waiting, seq: panel.prompt?.seq ?? null });
}

// Send the panel's option `spec` with what the player chose; a refusal puts the panel
// back as it was and shows the server's sentence (the ASOIAF and S&S panels alike).
export function sendOption(panel, spec) {
  const args = { ...spec.args, ...panel.chosen };
  panel.busy = true;
  panel.render();
  Promise.resolve(panel.hooks.send(spec.type, args)).catch((error) => {
    panel.busy = false;
    panel.reset(false);
    panel.showError(error.message || String(error));
  });
}
