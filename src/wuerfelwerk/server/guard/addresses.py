"""Whom a request comes from, as the limits see it: the client's address, keyed.

The address is the one uvicorn gives (behind a proxy it trusts, the forwarded one). The
limits keep no address as written: they count under an HMAC of it with the server's
secret, and an IPv6 address counts as its /64 network, which one household gets whole.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
from dataclasses import dataclass

from ..settings import split_list

#: The part of an IPv6 address that names one subscriber.
IPV6_PREFIX = 64


@dataclass(frozen=True)
class Client:
    """A request's sender: ``address`` is the keyed hash of its address (``None``:
    unknown), ``exempt`` says no limit applies (``WUERFELWERK_LIMITS_EXEMPT``)."""

    address: str | None
    exempt: bool = False


class Addresses:
    def __init__(self, secret: str, exempt: str) -> None:
        self._key = hashlib.sha256(f"wuerfelwerk.address:{secret}".encode()).digest()
        self._exempt = [ipaddress.ip_network(net, strict=False) for net in split_list(exempt)]

    def client(self, host: str | None) -> Client:
        if not host:
            return Client(None)
        try:
            address = ipaddress.ip_address(host)
        except ValueError:  # not an IP address (a Unix socket's peer): counted as written
            return Client(self._keyed(host))
        if any(address in network for network in self._exempt):
            return Client(None, exempt=True)
        if address.version == 6:
            network = ipaddress.ip_network(f"{address}/{IPV6_PREFIX}", strict=False)
            return Client(self._keyed(str(network)))
        return Client(self._keyed(str(address)))

    def _keyed(self, text: str) -> str:
        return hmac.new(self._key, text.encode(), hashlib.sha256).hexdigest()[:32]
