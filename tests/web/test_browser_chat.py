"""Chat in the browser (issue 32): two players in one match exchange messages in its
chat panel, text that looks like HTML shows literally (textContent, never markup),
a spectator's tab is theirs alone during play, the replay page shows the chat, and
the lobby has a chat guests read."""

from __future__ import annotations

from clients.client import Client
from tests.web.pages import new_page, shot, sign_in_as_guest


async def register(url: str, username: str) -> None:
    client = await Client.connect(url)
    try:
        await client.request("register", username=username, password="correct horse")
    finally:
        await client.close()


def log_in(page, username: str) -> None:
    page.fill("#account-form input[name=username]", username)
    page.fill("#account-form input[name=password]", "correct horse")
    page.click("#account-form button[type=submit]")
    page.wait_for_selector("#create-form")


def say(page, text: str) -> None:
    page.fill(".chat-form input[name=text]", text)
    page.click(".chat-form button[type=submit]")


def test_two_browsers_chat_and_html_looking_text_shows_literally(browser, server):
    errors: list[str] = []
    ann, bob = new_page(browser, server, errors), new_page(browser, server, errors)
    try:
        for name in ("ann_chat", "bob_chat"):
            server.run(register(server.server.url, name))
        log_in(ann, "ann_chat")
        ann.click("#create-form button[type=submit]")
        ann.wait_for_selector(".match-status >> text=open")
        match_id = ann.locator(".match-id").inner_text()
        log_in(bob, "bob_chat")
        bob.wait_for_selector(f"tr[data-match='{match_id}'] button[data-join]").click()
        bob.wait_for_selector(".match-status >> text=active")
        ann.wait_for_selector(".chat-form")

        say(ann, "<b>x</b>")
        line = bob.wait_for_selector(".chat-log .chat-line")
        assert line.query_selector(".chat-text").inner_text() == "<b>x</b>"
        assert bob.locator(".chat-log b").count() == 0  # not markup
        assert line.query_selector(".chat-author").inner_text() == "ann_chat"
        say(bob, "hello Ann")
        ann.wait_for_selector(".chat-text >> text=hello Ann")
        assert ann.locator(".chat-log .chat-line").count() == 2
        assert ann.input_value(".chat-form input[name=text]") == ""
        # the spectators' room is not the players' during play
        bob.click(".chat-tab[data-room=spectators]")
        assert "until the match ends" in bob.locator(".chat-refused").inner_text()
        assert bob.locator(".chat-form").count() == 0
        shot(bob, "60-chat")

        # Bob mutes Ann: her next message does not reach him
        bob.click(".chat-tab[data-room=players]")
        bob.click(".chat-line[data-name=ann_chat] button[data-chat=mute]")
        bob.wait_for_selector(".chat-muted")
        say(ann, "are you there?")
        ann.wait_for_selector(".chat-text >> text=are you there?")
        say(bob, "still here")
        bob.wait_for_selector(".chat-text >> text=still here")
        assert bob.locator(".chat-text >> text=are you there?").count() == 0

        ann.click("button[data-action=resign]")
        ann.click("button[data-action=resign]")  # (confirmed)
        ann.wait_for_selector(".match-status >> text=finished")
        ann.goto(f"{server.http_url}#/replay/{match_id}")
        ann.wait_for_selector(".replay .chat-text >> text=still here")
        texts = ann.locator(".replay .chat-text").all_inner_texts()
        assert texts == ["<b>x</b>", "hello Ann", "are you there?", "still here"]
        assert errors == []
    finally:
        ann.context.close()
        bob.context.close()


def test_the_lobby_chat(browser, server):
    errors: list[str] = []
    ann, gus = new_page(browser, server, errors), new_page(browser, server, errors)
    try:
        server.run(register(server.server.url, "ann_lobby"))
        log_in(ann, "ann_lobby")
        sign_in_as_guest(gus, "Gus")
        gus.wait_for_selector(".lobby-chat .chat-note >> text=register to write")
        assert gus.locator(".lobby-chat .chat-form").count() == 0  # guests read only
        ann.wait_for_selector(".lobby-chat .chat-form")
        assert ann.locator(".lobby-chat .chat-tabs").count() == 0  # one room
        say(ann, "anyone for <i>SBH</i>?")
        line = gus.wait_for_selector(".lobby-chat .chat-text")
        assert line.inner_text() == "anyone for <i>SBH</i>?"
        assert gus.locator(".lobby-chat i").count() == 0
        shot(gus, "61-lobby-chat")
        assert errors == []
    finally:
        ann.context.close()
        gus.context.close()
