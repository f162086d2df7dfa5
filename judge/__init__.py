"""Rules judge and FAQ oracle for KeyForge, Mitos y Leyendas and Gobierno & Prestigio.

The engine (``judge.core``, ``judge.corpus``, ``judge.games``) is a pure library; the web service
(``judge.web``) and the database (``judge.db``) sit on top of it and are never imported by it.
"""

__version__ = "0.1.0"
