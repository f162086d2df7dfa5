"""What a Mitos y Leyendas position may hold but play cannot lead to: a Talismán left in play, an Arma in play that
no Aliado carries. Each is a warning with the rule it breaks; the judge may still resolve the position."""

from __future__ import annotations

from typing import Any, Iterator

from judge.core.errors import UnknownCardError
from judge.core.position import Position
from judge.core.ruleset import PositionWarning
from judge.games.mitos_y_leyendas.board import IN_PLAY


def warnings(ruleset: Any, position: Position) -> list[PositionWarning]:
    """The warnings of a valid position under ``ruleset`` (a :class:`~judge.games.mitos_y_leyendas.rules.MitosYLeyendas`)."""
    return list(_misplaced(ruleset, position))


MISPLACED = {
    # Paso 6: a Talismán resolves and is put in its owner's Cementerio; it never stays in play.
    "talisman": ("pasos-para-jugar-una-carta.6",
                 "{name} is a Talismán: once resolved it goes to its owner's Cementerio, it does not stay in play",
                 "{name} es un Talismán: al resolverse va al Cementerio de su dueño, no se queda en juego"),
    # An Arma is carried by an Aliado; one whose carrier left play went to the Cementerio.
    "arma": ("myl.decision.orphan-arma",
             "{name} is an Arma that no Aliado carries: an Arma without a carrier goes to the Cementerio",
             "{name} es un Arma que no porta ningún Aliado: un Arma sin portador va al Cementerio"),
}
"""The card types that cannot stand on their own in a zone in play: the rule, and what the warning says (en, es)."""


def _misplaced(ruleset: Any, position: Position) -> Iterator[PositionWarning]:
    catalog = ruleset.catalog_for(position)
    for pid, player in position.players.items():
        for zone in IN_PLAY:
            for index, card in enumerate(player.zone(zone)):
                if not card.known:
                    continue
                try:
                    definition = catalog.get(card.card)
                except UnknownCardError:
                    continue  # the position's check reports it
                if definition.type in MISPLACED:
                    rule, en, es = MISPLACED[definition.type]
                    yield PositionWarning(f"players.{pid}.{zone}[{index}]", ruleset.cite(rule),
                                          en.format(name=definition.name), es.format(name=definition.name))
