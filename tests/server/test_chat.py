"""The table chat: players write, everyone at the table reads, lines are checked and
kept as plain text, and a page that comes gets the last lines."""

from __future__ import annotations

from wuerfelwerk.server.chat import MAX_CHARS
from wuerfelwerk.server.launch import ServerProcess

from .client import Client, create_table, game_under_test
from .test_accounts import browser, unique


def test_players_write_everyone_reads_and_markup_stays_text(server: ServerProcess) -> None:
    name = unique("Iris")
    iris = browser(server, name)
    table = create_table(server, game_under_test("malefiz"), ["human", "human"])
    writer = Client.open(server, table, 0, iris)
    other = Client.open(server, table, 1)
    spectator = Client.open(server, table, None)
    hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>'
    writer.send({"type": "chat", "text": hostile})
    for client in (writer, other, spectator):
        line = client.next_notice("chat")["lines"]
        assert len(line) == 1
        assert {k: line[0][k] for k in ("seat", "name", "text")} == {
            "seat": 0,
            "name": name,
            "text": hostile,  # kept as it was written; pages show it as text
        }
    other.send({"type": "chat", "text": "  two\nlines\x00 and\ta tab  "})
    line = writer.next_notice("chat")["lines"][0]
    assert (line["seat"], line["name"], line["text"]) == (1, None, "two lines and a tab")
    late = Client.open(server, table, None)
    history = late.next_notice("chat")["lines"]
    assert [line["text"] for line in history] == [hostile, "two lines and a tab"]
    for client in (writer, other, spectator, late):
        client.close()


def test_bad_chat_lines_are_refused(server: ServerProcess) -> None:
    table = create_table(server, game_under_test("malefiz"), ["human", "human"])
    player = Client.open(server, table, 0)
    spectator = Client.open(server, table, None)
    player.next_frame()
    spectator.next_frame()
    for sender, message, code in [
        (player, {"type": "chat", "text": "x" * (MAX_CHARS + 1)}, "chat_too_long"),
        (player, {"type": "chat", "text": " \n\t\x07 "}, "chat_empty"),
        (player, {"type": "chat", "text": 42}, "malformed"),
        (player, {"type": "chat"}, "malformed"),
        (spectator, {"type": "chat", "text": "hello"}, "no_seat"),
    ]:
        sender.send(message)
        reply = sender.receive()
        assert reply["type"] == "error" and reply["code"] == code, (message, reply)
        assert reply["message"]
    # Nothing refused reached anyone: the first line the spectator gets is the next one.
    player.send({"type": "chat", "text": "x" * MAX_CHARS})
    assert spectator.next_notice("chat")["lines"][0]["text"] == "x" * MAX_CHARS
    player.close()
    spectator.close()
