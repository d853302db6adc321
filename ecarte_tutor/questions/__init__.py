"""Questions and their schemas: one JSON Schema per kind, the single source for checking a
question in ``ask()``, for the OpenAPI document and for the check of docs/api.md.

- :mod:`.schemas` reads the schemas (``ecarte_tutor/schemas/questions/``) and fills in the book's facts;
- :mod:`.formats` the notations (cards, suits, seats, profiles), read as the engine reads them;
- :mod:`.fast` a fast check generated from a schema; :mod:`.check` the compiled checks;
- :mod:`.report` what a schema error means, as the API's error object.
"""
