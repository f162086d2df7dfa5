"""The tide (MAREA): raising it, and the "after a player raises the tide" event it triggers."""

from __future__ import annotations


class Tide:
    """The tide procedure of a :class:`~judge.games.keyforge.game.Game`."""

    def raise_tide(self, pid: str) -> bool:
        if self.position.values.get("tide") == pid:
            self.res.note("tide-high", "tide", f"La marea ya está alta para {pid}", f"The tide is already high for {pid}")
            return False
        with self.res.step("raise-tide", "tide", f"{pid} sube la marea", f"{pid} raises the tide"):
            self.res.set_value("tide", pid)
        # "After a player raises the tide" waits only for a tide that actually rose: already high, there is no
        # event (KF172-GEN-61).
        self.fire("raise-tide", player=pid)
        return True
