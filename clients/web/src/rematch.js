// Rematches (docs/protocol.md, rematch): "Rematch" on a finished match offers it again
// with the seats swapped (against the house bot it starts at once); the opponent,
// wherever they are in the app, sees the offer in a bar under the header and accepts
// it with one click. Both then go to the new match.

import { escape } from "./dom.js";

export class RematchOffers {
  constructor(app) {
    this.app = app;
    this.bar = document.createElement("div");
    this.bar.className = "rematch-bar offer-bar";
    this.bar.hidden = true;
    document.querySelector("header")?.after(this.bar);
    this.offer = null;
    this.bar.addEventListener("click", (e) => {
      const button = e.target.closest("button");
      if (!button) return;
      if (button.dataset.action === "accept-rematch") this.ask(this.offer.match_id);
      else this.dismiss();
    });
  }

  // A `rematch_offered` push: the bar shows it until accepted or dismissed.
  offered(frame) {
    this.offer = frame;
    this.bar.innerHTML = `<span>${escape(frame.from)} offers a rematch.</span> `
      + '<button class="primary small" data-action="accept-rematch">Accept</button> '
      + '<button class="small" data-action="dismiss-rematch">Dismiss</button>';
    this.bar.hidden = false;
  }

  dismiss() {
    this.offer = null;
    this.bar.hidden = true;
    this.bar.innerHTML = "";
  }

  // Offer (or accept) the rematch of `matchId`; resolves to null once on the new
  // match's page, or to the refusal's words.
  async ask(matchId) {
    try {
      const answer = await this.app.conn.request("rematch", { match_id: matchId });
      this.dismiss();
      this.app.remember({ match_id: answer.rematch_id, seat: answer.seat,
        invite_code: answer.status === "open" ? answer.invite_code : null });
      this.app.go(`#/match/${answer.rematch_id}`);
      return null;
    } catch (error) {
      return error.message;
    }
  }
}
