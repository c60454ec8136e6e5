"""The test client's connections are a page's: they send no pings of their own, since
their keepalive thread would draw from the ``random`` module's shared generator while
other tests run (Hypothesis reports a strategy that sees it change), and they are
closed with the test that opened them (the fixture ``connections_closed``)."""

from __future__ import annotations

from wuerfelwerk.server.launch import ServerProcess

from .client import OPENED, Client, create_table, game_under_test


def test_a_connection_sends_no_pings_of_its_own_and_is_closed_by_the_fixture(
    server: ServerProcess,
) -> None:
    table = create_table(server, game_under_test("malefiz"), ["human", "human"])
    client = Client.open(server, table, 0)
    assert client.receive()["type"] == "state"
    # The server pings the connection and it answers; it sends no ping itself.
    assert client.ws.keepalive_thread is None
    # The fixture closes what OPENED holds when the test ends.
    assert client.ws in OPENED
