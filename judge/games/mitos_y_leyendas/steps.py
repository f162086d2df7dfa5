"""The step keys of the turn (the rules model, ``docs/mitos-y-leyendas-rules.md`` §4): the moments at which a
position can stop between two plays, named as the FAQ's phases and lettered steps.

Steps that only run (the buckets of "Al comienzo de…", the draw, the end of effects) pass within a play and are
never where a position rests; they are cited in the trace by the FAQ section of their letter.
"""

from __future__ import annotations

AGRUPACION = "agrupacion.a"
"""The active player regroups everything that can, or nothing (FAQ L211-L215)."""
ORO = "vigilia.b"
"""The Vigilia's start abilities have resolved: the active player may put one Oro from hand (FAQ L242)."""
VIGILIA = "vigilia.c-d"
"""Cards and abilities of the Vigilia; from the first one on, no Oro can be put (FAQ L248)."""
ATAQUE = "batalla.ataque.b"
"""Attackers declared: the window on the declaration is open (FAQ L277)."""
BLOQUEO = "batalla.bloqueo.a"
"""The defender declares blockers (FAQ L287, L293)."""
GUERRA = "batalla.guerra.b"
"""The Guerra de Talismanes priority loop (FAQ L311-L318)."""
DANO = "batalla.dano.c"
"""Combat damage worked out: its windows are open (FAQ L336)."""
FINAL = "final.a"
"""The Fase Final runs through to the next turn within the play that reaches it."""

STEPS = (AGRUPACION, ORO, VIGILIA, ATAQUE, BLOQUEO, GUERRA, DANO, FINAL)
VIGILIA_STEPS = (ORO, VIGILIA)
