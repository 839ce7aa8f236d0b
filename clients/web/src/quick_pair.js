// Quick pairing from the lobby (docs/protocol.md, seek): "Find an opponent" seeks a
// match with the create form's settings; the server pairs it with another seeker's
// of the same settings and a close rating, and both go to the match (the earlier
// seeker by a `seek_paired` push, the later one by the seek's reply).

import { $, escape } from "./dom.js";

// One for the app (a seek outlives the lobby page it was made on: paired while the
// player looks elsewhere, they are taken to the match all the same).
export class QuickPair {
  constructor(app) {
    this.app = app;
    this.seekId = null;
    this.withdrawn = null; // a seek being cancelled: paired meanwhile, it still opens
    app.pushHandlers.set("seek_paired", (frame) => {
      if ([this.seekId, this.withdrawn].includes(frame.seek_id)) this.paired(frame);
    });
  }

  // The lobby page drawn anew: each form's "Find an opponent" button and status line;
  // forms: [{button, status, settings(form) -> the seek's fields}].
  bind(root, forms) {
    this.root = root;
    this.forms = forms;
    for (const place of forms) {
      $(root, place.button).addEventListener("click", (e) => this.seek(e.target.form, place));
    }
    root.addEventListener("click", (e) => {
      if (e.target.closest("button[data-action=cancel-seek]")) this.cancel();
    });
    this.show();
  }

  async seek(form, place) {
    if (this.seekId) return;
    this.place = place; // (where its status is shown)
    try {
      const answer = await this.app.conn.request("seek", place.settings(form));
      if (answer.status === "paired") {
        this.paired(answer);
        return;
      }
      this.seekId = answer.seek_id;
      this.show();
    } catch (error) {
      this.show(error.message);
    }
  }

  async cancel() {
    const seekId = this.seekId;
    this.seekId = null;
    this.show();
    if (!seekId) return;
    this.withdrawn = seekId;
    try {
      await this.app.conn.request("cancel_seek", { seek_id: seekId });
      this.withdrawn = null;
    } catch (error) {
      // no_such_seek: paired meanwhile, its seek_paired push opens the match
      if (error.code === "no_such_seek") this.show("Too late to stop: you have just been paired.");
      else this.show(error.message);
    }
  }

  paired(frame) {
    this.seekId = null;
    this.withdrawn = null;
    this.app.remember({ match_id: frame.match_id, seat: frame.seat });
    this.app.go(`#/match/${frame.match_id}`);
  }

  show(error = "") {
    const box = this.root?.querySelector((this.place || this.forms?.[0])?.status);
    if (!box || !box.isConnected) return;
    if (error) {
      box.innerHTML = `<span class="status error" role="alert">${escape(error)}</span>`;
    } else if (this.seekId) {
      box.innerHTML = '<span class="seeking">Looking for an opponent with these settings…'
        + '</span> <button type="button" class="small" data-action="cancel-seek">Cancel</button>';
    } else {
      box.innerHTML = "";
    }
  }
}
