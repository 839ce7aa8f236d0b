// A player's matches followed to the node that runs them (docs/cluster.md, "Told where
// to go"; the same as clients/following.py). With several nodes, a match another node
// runs is forwarded by the node we are connected to: each command crosses nodes. The
// owner names its address (`node_url`, a URL or a path on the address we reached) in
// the subscribe reply or a `match_status`; we then open a second websocket there, sign
// in with the same token, subscribe from the last seq we had and send that match's
// requests there. Forwarding stays the fallback: an address that cannot be reached, or
// a followed socket that fails or closes, puts the match back on the main connection
// (resubscribed from the last seq, the unanswered requests sent again under their own
// ids: the server answers a repeated id with its first answer), and that address is
// not tried again for REFOLLOW_AFTER_MS.

import { encode } from "@msgpack/msgpack";

const PROTOCOL_VERSION = 1;
// requests about one match that go where its subscription is (lobby, account and chat
// requests stay on the main connection)
export const MATCH_TRAFFIC = new Set(["command", "resign", "claim_timeout", "takeback_offer",
  "takeback_answer", "odds", "get_view", "unsubscribe"]);
const NOT_RESENT = new Set(["authenticate", "subscribe", "unsubscribe"]); // (redone instead)
const FOLLOW_TIMEOUT_MS = 5000;
export const REFOLLOW_AFTER_MS = 10000;
const RESUBSCRIBE_TRIES = 600; // (a lease's ttl many times over, while `match_moved`)
const RESUBSCRIBE_PAUSE_MS = 250;

const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

class LinkClosed extends Error {
  constructor(url) {
    super(`the connection to ${url} closed`);
    this.retryable = false;
  }
}

// A websocket to the node that runs some of our matches. What it receives is the main
// connection's to dispatch; it does not reconnect: closed, its matches go back.
class NodeLink {
  constructor(following, url) {
    this.following = following;
    this.url = url;
    this.matches = new Set();
    this.sent = new Set(); // ids of the requests sent over it
    this.closed = false;
    this.socket = null;
    this.ready = null; // (the promise of open())
  }

  // Opens and signs in; rejects if either fails or takes longer than FOLLOW_TIMEOUT_MS.
  open(token) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => fail(new Error(`${this.url}: no answer`)),
        FOLLOW_TIMEOUT_MS);
      const fail = (error) => {
        clearTimeout(timer);
        if (!this.closed) this.following.failPending(this);
        this.close();
        reject(error);
      };
      let socket;
      try {
        socket = new WebSocket(this.url);
      } catch (error) { // (an address the browser refuses outright)
        fail(error);
        return;
      }
      socket.binaryType = "arraybuffer";
      this.socket = socket;
      socket.onmessage = (message) => this.following.conn._receive(message.data);
      socket.onclose = () => {
        if (!this.closed) {
          this.closed = true;
          this.following.linkLost(this);
        }
        fail(new LinkClosed(this.url));
      };
      socket.onopen = () => {
        this.request("authenticate", { token }).then(() => {
          clearTimeout(timer);
          resolve(this);
        }, fail);
      };
    });
  }

  request(type, fields) {
    const { message, answer } = this.following.conn._track(type, fields);
    this.send(message);
    return answer;
  }

  send(message) {
    this.sent.add(message.id);
    if (this.socket?.readyState === WebSocket.OPEN) {
      this.socket.send(encode({ v: PROTOCOL_VERSION, ...message }));
    } else if (this.closed) { // (lost before it went: what the loss did, for it now)
      this.following.missed(message);
    } // (else closing: linkLost sends it again where the match goes back to)
  }

  close() {
    this.closed = true;
    this.socket?.close();
  }
}

export class Following {
  constructor(conn) {
    this.conn = conn;
    // `?follow=off` in the page's address keeps every match on the node the page
    // reached, forwarded (as the terminal's --no-follow): for a network that lets the
    // browser reach the balancer's address alone
    this.enabled = new URLSearchParams(globalThis.location?.search ?? "").get("follow") !== "off";
    this.links = new Map(); // url -> NodeLink
    this.routes = new Map(); // match id -> the NodeLink its traffic goes to
    this.unreachable = new Map(); // url -> until when (ms) it is not followed
    this.moving = new Set(); // matches being followed now
    this.follows = 0; // (matches followed to their node, for tests)
  }

  // The address the match's traffic goes to (null: the main connection).
  followedUrl(matchId) {
    return this.routes.get(matchId)?.url ?? null;
  }

  route(type, fields) {
    return MATCH_TRAFFIC.has(type) ? this.routes.get(fields.match_id) ?? null : null;
  }

  // Whether the request went over a live link (the main connection's resume skips it).
  onALink(id) {
    for (const link of this.links.values()) if (link.sent.has(id)) return true;
    return false;
  }

  answered(id) {
    for (const link of this.links.values()) link.sent.delete(id);
  }

  // A subscribe reply or a match_status push: follow its node_url, if any.
  toldWhere(matchId, answer) {
    const sub = this.conn.subscriptions.get(matchId);
    if (!this.enabled || !answer?.node_url || !sub || this.moving.has(matchId)) return;
    const url = new URL(answer.node_url, this.conn.url).href;
    if (this.followedUrl(matchId) === url) return;
    if (url === new URL(this.conn.url).href) { // (it moved to the main one's node)
      if (this.routes.has(matchId)) this._home(matchId);
      return;
    }
    this._follow(matchId, url);
  }

  // Take the match's subscription to `url`. `subscribed`: whether the main connection
  // has one now (else the server only told where: `subscribe` with `follow`). Resolves
  // to the subscribe reply it got (at `url`, or back on the main connection), or null
  // if nothing was done (the address is unreachable, or the page left the match).
  async _follow(matchId, url, subscribed = true) {
    if ((this.unreachable.get(url) ?? 0) > Date.now() || this.conn.closed) return null;
    this.moving.add(matchId);
    try {
      let link = this.links.get(url);
      if (!link || link.closed) {
        link = new NodeLink(this, url);
        this.links.set(url, link);
        link.ready = link.open(this.conn.token);
      }
      try {
        await link.ready; // (another match may be opening the same node's link)
      } catch (error) {
        if (this.links.get(url) === link) this.links.delete(url);
        console.info(`match ${matchId} not followed to ${url} (${error.message}): forwarded`);
        this.unreachable.set(url, Date.now() + REFOLLOW_AFTER_MS);
        return null;
      }
      // Stop the pushes where they come now (the unsubscribe's reply comes after
      // them), then subscribe there from the last seq we had.
      if (subscribed) {
        try {
          await this.conn.request("unsubscribe", { match_id: matchId });
        } catch (error) { /* (not subscribed there any more: nothing to stop) */ }
      }
      const sub = this.conn.subscriptions.get(matchId);
      if (!sub) return null; // (the page left the match meanwhile)
      this.unroute(matchId);
      this.routes.set(matchId, link);
      link.matches.add(matchId);
      try {
        const reply = await link.request("subscribe", {
          match_id: matchId, after_seq: sub.lastSeq, spectate: sub.spectate, views: sub.views,
        });
        this.follows += 1;
        return reply;
      } catch (error) {
        // (a link lost meanwhile left this match to us: linkLost skips those moving)
        if (!link.closed) {
          console.info(`match ${matchId} not followed to ${url} (${error.message}): forwarded`);
          this.unreachable.set(url, Date.now() + REFOLLOW_AFTER_MS);
        }
        this.unroute(matchId);
        return await this._backToMain([matchId], []);
      }
    } finally {
      this.moving.delete(matchId);
    }
  }

  async _home(matchId) {
    this.moving.add(matchId);
    try {
      try {
        await this.conn.request("unsubscribe", { match_id: matchId });
      } catch (error) { /* (nothing to stop) */ }
      this.unroute(matchId);
      await this._backToMain([matchId], []);
    } finally {
      this.moving.delete(matchId);
    }
  }

  // The match's traffic goes back to the main connection (a link left with no match
  // is closed, and what it had not answered is sent on the main one).
  unroute(matchId) {
    const link = this.routes.get(matchId);
    if (!link) return;
    this.routes.delete(matchId);
    link.matches.delete(matchId);
    if (link.matches.size || link.closed) return;
    if (this.links.get(link.url) === link) this.links.delete(link.url);
    const again = this._unansweredOn(link);
    link.close();
    for (const message of again) this.conn._send(message);
  }

  _unansweredOn(link) {
    const again = [];
    for (const [id, entry] of this.conn.pending) {
      if (link.sent.has(id) && entry.message && !NOT_RESENT.has(entry.message.type)) {
        again.push(entry.message);
      }
    }
    return again;
  }

  // A request sent over a link already lost: sent on the main connection, or failed
  // if it is not sent again (a subscription there).
  missed(message) {
    const entry = this.conn.pending.get(message.id);
    if (!entry) return;
    if (NOT_RESENT.has(message.type)) {
      this.conn.pending.delete(message.id);
      entry.reject(new LinkClosed("a followed node"));
    } else {
      this.conn._send(message);
    }
  }

  // What a closed link will not send again (its sign-in, a subscription) fails now;
  // the rest is the caller's to send again.
  failPending(link) {
    for (const [id, entry] of [...this.conn.pending]) {
      if (link.sent.has(id) && (!entry.message || NOT_RESENT.has(entry.message.type))) {
        this.conn.pending.delete(id);
        entry.reject(new LinkClosed(link.url));
      }
    }
    link.sent.clear();
  }

  // A followed node's socket closed (it died or stopped): its matches are forwarded
  // again by the main connection's node.
  linkLost(link) {
    if (this.links.get(link.url) === link) this.links.delete(link.url);
    if (this.conn.closed) return;
    this.unreachable.set(link.url, Date.now() + REFOLLOW_AFTER_MS);
    // (a match being followed there now goes back to main by its own _follow)
    const matchIds = [...link.matches].filter((m) => this.conn.subscriptions.has(m)
      && !this.moving.has(m));
    for (const matchId of link.matches) this.routes.delete(matchId);
    link.matches.clear();
    const again = this._unansweredOn(link);
    this.failPending(link);
    console.info(`connection to ${link.url} lost: ${matchIds.length} matches forwarded again`);
    this._backToMain(matchIds, again);
  }

  // Resubscribe on the main connection (again while the answer is retryable: a match
  // whose node stopped is `match_moved` until another takes it), then send again what
  // was unanswered, under the same ids.
  async _backToMain(matchIds, again) {
    let reply = null; // (the last subscription's reply: _follow's answer for one match)
    for (const matchId of matchIds) {
      for (let i = 0; i < RESUBSCRIBE_TRIES; i += 1) {
        const sub = this.conn.subscriptions.get(matchId);
        if (!sub || this.conn.closed) break;
        try {
          reply = await this.conn.request("subscribe", {
            match_id: matchId, after_seq: sub.lastSeq, spectate: sub.spectate, views: sub.views,
          });
          this.toldWhere(matchId, reply); // (another node now: its new one, followed)
          break;
        } catch (error) {
          if (!error.retryable) break;
        }
        await pause(RESUBSCRIBE_PAUSE_MS);
      }
    }
    for (const message of again) this.conn._send(message);
    return reply;
  }

  closeAll() {
    for (const link of this.links.values()) link.close();
    this.links.clear();
    this.routes.clear();
  }
}
