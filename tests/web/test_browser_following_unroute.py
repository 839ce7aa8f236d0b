"""A match's traffic taken back from a followed node (clients/web/src/following.js,
`unroute`): the route goes, the link left with no match is closed and forgotten, and
nothing is thrown. (A stray `return reply;` once threw there, so a followed match's
end, or its move to another node, never reached the page.) One node: the link is a
stand-in, its socket never opened."""

from __future__ import annotations

from tests.web.pages import new_page, sign_in_as_guest

UNROUTE_JS = """() => {
  const following = warband.conn.following;
  const link = {url: 'ws://elsewhere/ws', matches: new Set(['m1', 'm2']), sent: new Set(),
                closed: false, close() { this.closed = true; }};
  following.links.set(link.url, link);
  following.routes.set('m1', link);
  following.routes.set('m2', link);
  following.unroute('m1');
  const kept = [following.routes.size, following.links.size, link.closed];
  following.unroute('m2');
  return [kept, [following.routes.size, following.links.size, link.closed]];
}"""


def test_the_last_match_unrouted_closes_its_link_and_throws_nothing(browser, server):
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        sign_in_as_guest(page, "Ann")
        kept, gone = page.evaluate(UNROUTE_JS)
        assert kept == [1, 1, False]  # (another match still goes there)
        assert gone == [0, 0, True]
        assert errors == []
    finally:
        page.context.close()
