"""Questions and their schemas: one JSON Schema per kind, the single source for checking a
question in ``ask()``, for the OpenAPI document and for the check of docs/api.md.

- :mod:`.schemas` reads the schemas (``ecarte_tutor/schemas/questions/``) and fills in the book's facts;
- :mod:`.formats` the notations (cards, suits, seats, profiles), read as the engine reads them;
- :mod:`.check` each kind's check (fastjsonschema for yes or no, jsonschema for what is wrong);
- :mod:`.report` what a schema error means, as the API's error object.
"""
