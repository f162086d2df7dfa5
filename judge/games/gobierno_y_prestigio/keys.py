"""Every rule key the Gobierno & Prestigio code cites (a test checks that each resolves to stored text)."""

DECISIONS = frozenset({
    "any-target", "avasallar", "battlefield-synonyms", "card-destinations", "cleanup-repeat", "combat-rules",
    "combat-skip", "command-attack-loop", "complete-sets", "concede", "continuous-effects", "control-change",
    "copy-effects", "damage-pipeline", "damage-substeps", "damage-to-players", "delayed-trigger-controller",
    "destroy", "each-player-choices", "end-of-step-triggers", "face-up-action", "gains-counters", "gp-gain-and-recovery", "gp-new-state",
    "illegal-target", "inesperada", "infinite-loops", "intrigar", "leader-zero-counters", "leadership-abilities",
    "legacy-leaves", "limited-copies", "lock-out-loss", "mandato-copy", "match-and-tournament", "mejoras",
    "missing-sections", "multiplayer-scope", "orders-illegal-targets", "partial-targets", "pass-chain",
    "play-procedure", "play-zones", "player-target-words", "pool-emptying", "priority-windows", "recambio",
    "removed-from-combat", "replacement-prevention", "resolution-procedure", "resource-color", "retirar", "sba-list",
    "shylock", "special-attackers-blockers", "starting-hand", "summoning", "tap-icon", "testimonios",
    "toughness-zero", "trigger-order", "trigger-side", "trigger-without-target", "untap-all-objects", "use-spent-when",
    "uses-display", "uses-non-owned", "win-and-loss", "x-value",
})
"""Where part 1 is silent and this ruleset decides (the ``gyp-decisiones`` document, cited as ``gyp.decision.<id>``)."""

RULE_KEYS = frozenset({
    "100.2.a", "100.2.a.1", "100.2.b", "100.3.a", "101.1", "101.2", "101.2.a", "101.3", "101.4", "101.4.a", "101.4.b",
    "101.4.c", "102.2", "102.3", "103.1", "103.1.a", "103.1.a.1", "104.1", "104.2.a", "104.2.b", "104.2.c", "104.3.a",
    "104.3.b", "104.3.b.1", "104.3.b.2", "104.3.b.3", "104.3.b.4", "104.3.b.5", "104.3.c", "104.3.d", "104.3.e",
    "104.4.a", "104.4.b", "104.4.g", "105.2", "105.3", "105.4", "106.1.b", "106.1.b.1", "106.1.c.1", "106.1.c.1.1",
    "106.1.c.1.2", "106.1.c.1.3", "106.1.d", "106.1.e.1", "106.1.f", "106.1.g.1", "106.1.g.2", "106.1.g.3",
    "106.1.h.1", "106.1.i.1", "107.1", "107.2", "107.2.b", "107.3", "107.4", "107.5", "107.6", "107.7", "108.2",
    "108.4", "109.1.b", "109.1.b.1", "109.1.c", "109.2.a", "109.2.a.1", "109.2.a.2", "109.2.a.2.1", "109.2.b",
    "109.2.c", "109.2.e", "110.2.a", "110.4.a", "110.6", "110.6.a", "111.1", "111.3", "111.5", "112.2", "112.4",
    "112.4.b", "113.1", "113.2.a", "113.2.b", "113.2.d", "113.3.a", "114.1", "114.10", "114.11.a", "114.2", "114.3.a",
    "114.3.b", "114.3.b.1", "114.4", "114.6", "114.7", "114.8", "114.8.a", "114.9", "114.9.a", "115.1", "115.3.a",
    "115.3.b", "115.3.c", "115.4", "115.6", "116.10", "116.11", "116.12", "116.13", "116.3.a", "116.3.c", "116.4.a",
    "116.4.b", "116.4.c", "116.6", "116.6.a", "116.6.c", "116.6.e", "116.6.f", "116.6.g", "116.6.k", "116.7.a",
    "116.8", "116.9", "117.4", "118.1", "118.1.a", "118.1.b", "118.1.c", "118.1.d", "118.2", "118.3", "118.4.a",
    "118.4.c", "118.4.d", "118.5", "118.6.a", "118.6.b", "118.7.a", "119.1", "119.2.a", "119.3", "120.1", "120.2",
    "120.2.a", "120.2.b", "120.3.a", "120.3.c", "120.3.e", "120.4", "120.4.a", "120.4.b", "120.4.c", "120.4.d",
    "120.5", "120.6", "120.7", "121.1", "121.10", "121.11", "121.12", "121.12.a", "121.3", "121.3.a", "121.5.a",
    "121.6", "121.7", "121.8", "121.8.a", "121.8.c", "121.9", "121.9.a", "121.9.d", "122.1", "122.2", "122.3",
    "122.4", "122.5", "122.6", "122.7", "122.8", "122.8.a", "123.1.a", "123.10", "123.11", "123.2", "123.3", "123.4",
    "123.5", "123.6", "123.7", "123.7.a", "123.7.b", "123.8", "123.9", "124.1.a", "124.1.a.1", "124.1.a.2", "124.1.b",
    "124.2", "124.3", "124.4", "124.5", "124.5.a", "turno", "turno.combate-habil-y-experto",
    "turno.combate-sin-habil", "turno.declaracion-de-atacantes", "turno.declaracion-de-bloqueadores-especiales",
    "turno.declaracion-de-bloqueadores-normales", "turno.etapa-final", "turno.etapa-inicial",
    "turno.fin-del-paso-de-ataque", "turno.paso-de-ataque", "turno.paso-de-mando", "turno.volver-al-paso-de-mando",
    *(f"gyp.decision.{d}" for d in DECISIONS),
})
