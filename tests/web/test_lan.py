"""web.lan: the address a phone on the same network opens."""
import pytest

from ecarte_tutor.web import lan


@pytest.mark.parametrize("host", ["127.0.0.1", "127.8.0.1", "localhost", "LOCALHOST", "app.localhost", "::1", "[::1]"])
def test_loopback_names(host):
    assert lan.is_loopback(host)


@pytest.mark.parametrize("host", ["192.168.1.20", "10.0.0.7", "ecarte.example.org", "0.0.0.0", "fe80::1", ""])
def test_names_a_phone_may_reach(host):
    assert not lan.is_loopback(host)


def test_a_site_on_loopback_gives_out_its_loopback_address():
    assert lan.served_url("127.0.0.1", 5000, found="192.168.1.20") == "http://127.0.0.1:5000"
    assert lan.served_url("localhost", 5000, found="192.168.1.20") == "http://localhost:5000"


@pytest.mark.parametrize("host", ["0.0.0.0", "::", ""])
def test_a_site_on_every_interface_is_reached_at_the_machines_address(host):
    assert lan.served_url(host, 5001, found="192.168.1.20") == "http://192.168.1.20:5001"


def test_a_site_on_one_address_is_reached_there():
    assert lan.served_url("10.0.0.7", 5000, found="192.168.1.20") == "http://10.0.0.7:5000"
    assert lan.served_url("fd00::7", 5000) == "http://[fd00::7]:5000"


def test_a_machine_with_no_network_gives_out_loopback(monkeypatch):
    monkeypatch.setattr(lan, "network_address", lambda: None)
    assert lan.served_url("0.0.0.0", 5000) == "http://127.0.0.1:5000"


def test_the_machines_network_address_is_never_loopback():
    found = lan.network_address()  # None on a machine with no network at all
    assert found is None or not lan.is_loopback(found)
