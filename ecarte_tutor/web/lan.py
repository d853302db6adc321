"""The address a phone on the same network can open, for links that leave this computer (the resume link).

A player who starts the site on his own computer opens it at ``http://127.0.0.1:5000``; a link built from that
address, shown as a QR code, leads a phone to itself. So ``serve`` keeps in the config (:data:`SERVED_URL`) the
address to give out: when the site listens on the network (``--host 0.0.0.0``, or one of this machine's own
addresses), the machine's address there; when it listens on loopback only, no phone can reach it, its loopback
address, and the page says how to let phones in. Links are never built from a request's Host header, which the
client chose.
"""
from __future__ import annotations

import ipaddress
import socket

SERVED_URL = "SERVED_URL"  # config: the address serve gives out (served_url), or None outside serve
ANY_ADDRESS = ("0.0.0.0", "::", "")
# connect() on a UDP socket sends nothing: it only asks the kernel which of the machine's addresses would carry
# traffic towards this one (a documentation address, RFC 5737, so nothing real is named).
PROBE = ("192.0.2.1", 9)


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a Host header's name, without its port) names this computer alone."""
    name = host.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def network_address() -> str | None:
    """This machine's IPv4 address on its network, or None when it has none but loopback."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(PROBE)
        address = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    return None if is_loopback(address) or address == "0.0.0.0" else address


def served_url(listen_host: str, port: int, found: str | None = None) -> str:
    """The address to give out for a site listening on ``listen_host``:``port``: one a phone on the same network
    opens when the site listens there, else the loopback one (this computer alone).

    ``found``: the machine's network address, worked out by :func:`network_address` when not given."""
    if listen_host in ANY_ADDRESS:
        listen_host = found or network_address() or "127.0.0.1"
    shown = f"[{listen_host}]" if ":" in listen_host else listen_host
    return f"http://{shown}:{port}"
