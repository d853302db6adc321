"""The bundled library, loaded once for the test modules that read it (``from data_under_test import ...``)."""
from ecarte_tutor.library import load_library

LIBRARY = load_library()
BOOK = LIBRARY.book
PROFILES = tuple(BOOK.profiles)  # rules/profiles.yaml, in file order: london first

