"""KeyForge: the master rulebook v17.2 and the older rulebooks v1.3 and v1.1 as rulesets.

The package is laid out as every game's will be, from the words up:

- ``vocabulary`` (the words card abilities are written in), ``wording`` (how the judge names things in Spanish and
  English), ``catalog`` and ``cards/`` (the cards, on :mod:`judge.core.catalog`: the whole card pool, its facts in
  ``pool.json``, made by ``pool`` from the card data set, its abilities in ``cards/<set>/``), ``incomplete`` and
  ``missing`` (the refusal to rule on what is not encoded, and what is missing), ``reading`` and ``reading_parts``
  (a card's abilities read back in Spanish and English);
- ``board`` (a read-only view of a position, constant and lasting effects folded in, and whether a card fits a
  target description);
- the game's procedures, one module per chapter of the rulebook — ``aember``, ``damage``, ``destruction``,
  ``leaving``, ``forging``, ``drawing``, ``battleline``, ``tide`` and ``timing`` (triggered abilities and the order
  of simultaneous ones) — which ``game`` puts together into :class:`~judge.games.keyforge.game.Game`;
- ``targets`` and ``conditions`` (what an ability's targets and values are), ``turn``, ``playing``, ``using``;
- ``effects/``, the ability interpreter, with its handlers by domain;
- ``rules`` (the rulesets and their version hooks), with ``legality``, ``permissions`` and ``positions``.

The chapters are mixins of one ``Game`` rather than functions taking a game because they call each other the way
the rules do — dealing damage destroys, destroying makes cards leave play, leaving play triggers abilities, which
deal damage — and as methods of one object they do so through ``self``, without importing one another. ``Game``
itself only holds what one resolution needs (the resolution, the board, what the play has done so far). The
interpreter sits above all of them, since its effects use every procedure; the game reaches it through the
interpreter object it is given (:class:`~judge.games.keyforge.game.Interpreter`), and the effects reach the game
through their ability's context. The only import cycle left is the interpreter's registry: its handler modules
register into it, and the package imports them as it is imported.
"""

from judge.games.keyforge.rules import RULESETS, KeyForge, KeyForge11, KeyForge13

__all__ = ["RULESETS", "KeyForge", "KeyForge13", "KeyForge11"]
