"""The site's limits on what a request may send, in a module of their own so that the parts the app
mounts (web/api.py) read them without importing the app's package."""

MAX_BODY = 64 * 1024
"""Largest request body accepted (API.md: 413 over 64 KiB)."""
