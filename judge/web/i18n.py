"""Spanish and English: the language of each request and every string the pages show.

The language comes from the ``lang`` cookie when the judge chose one, else from the browser's Accept-Language;
Spanish when neither says. Rulings are always quoted in the language of their document.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlsplit

from flask import Blueprint, Flask, g, redirect, request

LANGUAGES = ("es", "en")
DEFAULT = "es"
COOKIE = "lang"

bp = Blueprint("i18n", __name__)

MESSAGES: dict[str, dict[str, str]] = {
    "app.title": {"es": "Juez de reglas", "en": "Rules judge"},
    "app.tagline": {"es": "Oráculo de reglas y tablero para jueces de KeyForge, Mitos y Leyendas y Gobierno & "
                          "Prestigio.",
                    "en": "Rulings oracle and board for KeyForge, Mitos y Leyendas and Gobierno & Prestigio "
                          "judges."},
    "nav.oracle": {"es": "Oráculo", "en": "Oracle"},
    "nav.board": {"es": "Tablero", "en": "Board"},
    "nav.documents": {"es": "Documentos", "en": "Documents"},
    "nav.api": {"es": "API", "en": "API"},
    "nav.language": {"es": "Idioma", "en": "Language"},
    "nav.skip": {"es": "Saltar al contenido", "en": "Skip to content"},
    "search.placeholder": {"es": "Pregunta, carta o regla: «¿elusivo y dañino?», «Bruja del Ocaso»…",
                           "en": "Question, card or rule: “elusive and hazardous?”, “Duskwitch”…"},
    "search.button": {"es": "Buscar", "en": "Search"},
    "search.label": {"es": "Buscar en las reglas", "en": "Search the rules"},
    "search.results_for": {"es": "Resultados para", "en": "Results for"},
    "search.none": {"es": "Ninguna entrada ni sección coincide. Prueba con otras palabras o quita filtros.",
                    "en": "No entry or section matches. Try other words or remove filters."},
    "search.filters": {"es": "Filtros", "en": "Filters"},
    "search.any": {"es": "Todos", "en": "Any"},
    "search.game": {"es": "Juego", "en": "Game"},
    "search.document": {"es": "Documento / versión", "en": "Document / version"},
    "search.section": {"es": "Sección", "en": "Section"},
    "search.concept": {"es": "Concepto", "en": "Concept"},
    "search.card": {"es": "Carta", "en": "Card"},
    "search.type": {"es": "Tipo", "en": "Type"},
    "search.type.entry": {"es": "Entradas", "en": "Entries"},
    "search.type.section": {"es": "Secciones de reglas", "en": "Rule sections"},
    "search.apply": {"es": "Aplicar", "en": "Apply"},
    "search.clear": {"es": "Quitar filtros", "en": "Clear filters"},
    "search.more": {"es": "Más resultados", "en": "More results"},
    "search.score": {"es": "relevancia", "en": "score"},
    "search.aspects": {"es": "Mismo texto en:", "en": "Same text in:"},
    "text.page": {"es": "pág.", "en": "p."},
    "text.superseded": {"es": "Reglamento superado. Texto vigente:", "en": "Superseded rulebook. Current text:"},
    "text.points_to": {"es": "Remite a", "en": "Refers to"},
    "text.printed": {"es": "Texto tal como está impreso (con los iconos que la extracción desfiguró)",
                     "en": "Text as printed (with the icons the extraction garbled)"},
    "search.hint": {"es": "Sin tildes ni mayúsculas también vale; los nombres de carta en inglés, español o "
                          "portugués encuentran las entradas que los nombran.",
                    "en": "Accents and case do not matter; a card name in English, Spanish or Portuguese finds "
                          "the entries that name it."},
    "kind.faq": {"es": "Pregunta frecuente", "en": "FAQ"},
    "kind.erratum": {"es": "Fe de erratas", "en": "Erratum"},
    "kind.order": {"es": "Orden de resolución", "en": "Resolution order"},
    "kind.rule": {"es": "Regla", "en": "Rule"},
    "kind.example": {"es": "Ejemplo", "en": "Example"},
    "kind.section": {"es": "Sección de reglas", "en": "Rule section"},
    "home.documents": {"es": "Documentos del corpus", "en": "Documents in the corpus"},
    "home.entries": {"es": "entradas", "en": "entries"},
    "home.sections": {"es": "secciones", "en": "sections"},
    "home.board_lead": {"es": "Construye la posición de la mesa, aplica la jugada y lee la resolución paso a paso, "
                               "cada paso con su regla.",
                        "en": "Build the position at the table, apply the play and read the resolution step by "
                              "step, each step with its rule."},
    "home.open_board": {"es": "Abrir el tablero", "en": "Open the board"},
    "doc.version": {"es": "Versión", "en": "Version"},
    "doc.date": {"es": "Fecha", "en": "Date"},
    "doc.language": {"es": "Idioma", "en": "Language"},
    "doc.superseded": {"es": "Sustituido por", "en": "Superseded by"},
    "doc.rules": {"es": "Reglas", "en": "Rules"},
    "doc.entries": {"es": "Entradas", "en": "Entries"},
    "entry.question": {"es": "Pregunta", "en": "Question"},
    "entry.answer": {"es": "Respuesta", "en": "Answer"},
    "entry.heading": {"es": "Encabezado", "en": "Heading"},
    "entry.text": {"es": "Texto", "en": "Text"},
    "entry.note": {"es": "Nota del proyecto", "en": "Project note"},
    "entry.note_help": {"es": "Nuestra, no del documento: el texto está dañado, se contradice o hubo que elegir "
                               "una lectura.",
                        "en": "Ours, not the document's: the text is damaged, contradicts itself, or a reading had "
                              "to be chosen."},
    "entry.source": {"es": "Fuente", "en": "Source"},
    "entry.section": {"es": "Sección", "en": "Section"},
    "entry.lines": {"es": "Líneas del texto de origen", "en": "Seed lines"},
    "entry.cards": {"es": "Cartas", "en": "Cards"},
    "entry.concepts": {"es": "Conceptos", "en": "Concepts"},
    "entry.rules": {"es": "Reglas implicadas", "en": "Rules involved"},
    "entry.no_rules": {"es": "Ninguna sección de reglas de este documento trata este punto.",
                       "en": "No rule section of this document deals with this point."},
    "entry.related": {"es": "Entradas relacionadas", "en": "Related entries"},
    "entry.same_card": {"es": "Misma carta", "en": "Same card"},
    "entry.same_concept": {"es": "Mismo concepto", "en": "Same concept"},
    "entry.replay": {"es": "Reproducir en el tablero", "en": "Replay on the board"},
    "entry.scenarios": {"es": "Escenarios", "en": "Scenarios"},
    "entry.no_scenario": {"es": "Esta entrada aún no tiene escenario.", "en": "This entry has no scenario yet."},
    "entry.cite": {"es": "Cita", "en": "Cite"},
    "entry.parent": {"es": "Forma parte de", "en": "Part of"},
    "rel.title": {"es": "Qué dice la versión 17.2", "en": "What version 17.2 says"},
    "rel.later": {"es": "Versiones anteriores de esta respuesta", "en": "Earlier versions of this answer"},
    "rel.confirmed": {"es": "Confirmada por", "en": "Confirmed by"},
    "rel.changed": {"es": "Cambiada por", "en": "Changed by"},
    "rel.dropped": {"es": "Eliminada en 17.2", "en": "Dropped in 17.2"},
    "rel.unclear": {"es": "Relación dudosa con", "en": "Unclear relation to"},
    "rel.confirms": {"es": "confirma", "en": "confirms"},
    "rel.changes": {"es": "cambia", "en": "changes"},
    "rel.drops": {"es": "elimina", "en": "drops"},
    "rel.unclear_of": {"es": "relación dudosa con", "en": "unclear relation to"},
    "rel.side_by_side": {"es": "Las dos respuestas, lado a lado", "en": "Both rulings side by side"},
    "section.in_other": {"es": "Esta regla en los otros reglamentos", "en": "This rule in the other rulebooks"},
    "section.entries": {"es": "Entradas que la implican", "en": "Entries that involve it"},
    "section.children": {"es": "Subsecciones", "en": "Subsections"},
    "section.parent": {"es": "Dentro de", "en": "Inside"},
    "board.title": {"es": "Tablero", "en": "Board"},
    "board.ruleset": {"es": "Reglamento", "en": "Ruleset"},
    "board.new": {"es": "Posición vacía", "en": "Empty position"},
    "board.import": {"es": "Importar escenario", "en": "Import scenario"},
    "board.export": {"es": "Exportar escenario", "en": "Export scenario"},
    "board.save": {"es": "Guardar y enlazar", "en": "Save and link"},
    "board.saved": {"es": "Guardado. Enlace permanente:", "en": "Saved. Permalink:"},
    "board.text": {"es": "Posición como texto", "en": "Position as text"},
    "board.text_load": {"es": "Cargar este texto", "en": "Load this text"},
    "board.game": {"es": "Partida", "en": "Game"},
    "board.active": {"es": "Jugador activo", "en": "Active player"},
    "board.turn": {"es": "Turno", "en": "Turn"},
    "board.step": {"es": "Paso", "en": "Step"},
    "board.nobody": {"es": "nadie", "en": "nobody"},
    "board.player": {"es": "Jugador", "en": "Player"},
    "board.add_card": {"es": "Añadir carta", "en": "Add card"},
    "board.add": {"es": "Añadir", "en": "Add"},
    "board.card_name": {"es": "Nombre de la carta (es, en, pt)", "en": "Card name (es, en, pt)"},
    "board.remove": {"es": "Quitar", "en": "Remove"},
    "board.left": {"es": "Mover a la izquierda", "en": "Move left"},
    "board.right": {"es": "Mover a la derecha", "en": "Move right"},
    "board.edit": {"es": "Editar", "en": "Edit"},
    "board.custom": {"es": "Cartas personalizadas", "en": "Custom cards"},
    "board.custom_help": {"es": "Define una carta que el catálogo no tiene, con el vocabulario de habilidades.",
                          "en": "Define a card the catalog does not have, with the ability vocabulary."},
    "board.custom_new": {"es": "Nueva carta personalizada", "en": "New custom card"},
    "board.custom_id": {"es": "Identificador", "en": "Id"},
    "board.custom_names": {"es": "Nombre (es / en / pt)", "en": "Name (es / en / pt)"},
    "board.custom_abilities": {"es": "Habilidades (JSON, vocabulario de habilidades)",
                               "en": "Abilities (JSON, ability vocabulary)"},
    "board.custom_builder": {"es": "Añadir una habilidad sencilla", "en": "Add a simple ability"},
    "board.custom_trigger": {"es": "Cuándo", "en": "When"},
    "board.custom_effect": {"es": "Efecto", "en": "Effect"},
    "board.custom_amount": {"es": "Cantidad", "en": "Amount"},
    "board.custom_target": {"es": "Objetivo", "en": "Target"},
    "board.custom_define": {"es": "Definir la carta", "en": "Define the card"},
    "board.custom_delete": {"es": "Borrar", "en": "Delete"},
    "board.problems": {"es": "La posición no es válida", "en": "The position is not valid"},
    "board.problems_help": {"es": "Corrige cada campo marcado; todos los problemas se muestran a la vez.",
                            "en": "Fix each marked field; every problem is shown at once."},
    "board.valid": {"es": "Posición válida", "en": "Valid position"},
    "board.plays": {"es": "Jugadas legales ahora", "en": "Plays legal now"},
    "board.jump": {"es": "Ir a", "en": "Go to"},
    "board.jump.position": {"es": "Posición", "en": "Position"},
    "board.jump.plays": {"es": "Jugadas", "en": "Plays"},
    "board.jump.result": {"es": "Resolución", "en": "Resolution"},
    "board.no_plays": {"es": "Ninguna jugada es legal en esta posición.", "en": "No play is legal in this position."},
    "board.other_play": {"es": "Otra jugada (texto)", "en": "Another play (text)"},
    "board.other_play_help": {"es": "Por ejemplo «reap c3» o «play Trol»: si es ilegal, se dice qué regla lo impide.",
                              "en": "For example “reap c3” or “play Troll”: if it is illegal, the rule that forbids "
                                    "it is named."},
    "board.apply": {"es": "Aplicar", "en": "Apply"},
    "board.explore": {"es": "Explorar todas las respuestas", "en": "Explore every answer"},
    "board.play": {"es": "Jugada", "en": "Play"},
    "board.script": {"es": "Jugadas del escenario", "en": "Scenario plays"},
    "board.question": {"es": "Decisión pendiente", "en": "Pending decision"},
    "board.decides": {"es": "decide", "en": "decides"},
    "board.choose_between": {"es": "Elige entre {min} y {max}", "en": "Choose between {min} and {max}"},
    "board.choose_order": {"es": "Marca las opciones en el orden elegido",
                           "en": "Tick the options in the chosen order"},
    "board.confirm": {"es": "Confirmar", "en": "Confirm"},
    "board.answers": {"es": "Respuestas dadas", "en": "Answers given"},
    "board.change": {"es": "Cambiar", "en": "Change"},
    "board.undo": {"es": "Deshacer desde aquí", "en": "Undo from here"},
    "board.trace": {"es": "Resolución paso a paso", "en": "Step-by-step resolution"},
    "board.expand": {"es": "Desplegar todo", "en": "Expand all"},
    "board.collapse": {"es": "Plegar todo", "en": "Collapse all"},
    "board.chosen": {"es": "elegido", "en": "chosen"},
    "board.not_chosen": {"es": "no elegido", "en": "not chosen"},
    "board.before": {"es": "Antes", "en": "Before"},
    "board.after": {"es": "Después", "en": "After"},
    "board.changes": {"es": "Cambios", "en": "Changes"},
    "board.winner": {"es": "Ganador", "en": "Winner"},
    "board.continue": {"es": "Seguir desde el resultado", "en": "Continue from the result"},
    "board.next_play": {"es": "Siguiente jugada del escenario", "en": "Next scenario play"},
    "board.complete": {"es": "Jugada resuelta", "en": "Play resolved"},
    "board.illegal": {"es": "Jugada ilegal", "en": "Illegal play"},
    "board.rule": {"es": "Regla", "en": "Rule"},
    "board.outcomes": {"es": "Resultados distintos", "en": "Distinct outcomes"},
    "board.outcome": {"es": "Resultado", "en": "Outcome"},
    "board.matters": {"es": "La elección importa: las respuestas llevan a resultados distintos.",
                      "en": "The choice matters: the answers lead to different outcomes."},
    "board.not_matters": {"es": "La elección no importa: todas las respuestas dan el mismo resultado.",
                          "en": "The choice does not matter: every answer gives the same outcome."},
    "board.cut": {"es": "ramas sin explorar por los límites", "en": "branches left unexplored by the bounds"},
    "board.resolved": {"es": "resoluciones", "en": "resolutions"},
    "board.paths": {"es": "caminos", "en": "paths"},
    "board.use_path": {"es": "Usar estas respuestas", "en": "Use these answers"},
    "board.differs": {"es": "Lo que cambia entre resultados", "en": "What differs between outcomes"},
    "board.zone.hand": {"es": "Mano", "en": "Hand"},
    "board.zone.battleline": {"es": "Línea de batalla (izquierda → derecha)", "en": "Battleline (left → right)"},
    "board.zone.artifacts": {"es": "Artefactos", "en": "Artifacts"},
    "board.zone.deck": {"es": "Mazo (primera = la de arriba)", "en": "Deck (first = top)"},
    "board.zone.discard": {"es": "Pila de descartes (última = arriba)", "en": "Discard pile (last = top)"},
    "board.zone.archives": {"es": "Archivos", "en": "Archives"},
    "board.zone.purged": {"es": "Purgadas", "en": "Purged"},
    "board.zone.revealed": {"es": "Reveladas", "en": "Revealed"},
    "board.state.exhausted": {"es": "Agotada", "en": "Exhausted"},
    "board.state.stun": {"es": "Aturdida", "en": "Stunned"},
    "board.state.enrage": {"es": "Enfurecida", "en": "Enraged"},
    "board.state.ward": {"es": "Escudada (ward)", "en": "Warded"},
    "board.state.face-down": {"es": "Boca abajo", "en": "Face down"},
    "board.state.elusive-used": {"es": "Elusivo ya usado", "en": "Elusive used"},
    "board.state.damage": {"es": "Daño", "en": "Damage"},
    "board.state.amber": {"es": "Æmbar sobre la carta", "en": "Æmber on the card"},
    "board.state.power": {"es": "Contadores de +1 poder", "en": "+1 power counters"},
    "board.state.armor-used": {"es": "Armadura ya usada", "en": "Armor used"},
    "board.state.armor-at-use": {"es": "Armadura al usarla", "en": "Armor when used"},
    "board.state.token": {"es": "Ficha de (carta)", "en": "Token of (card)"},
    "board.state.purged-by": {"es": "Purgada por (uid)", "en": "Purged by (uid)"},
    "board.state.grafted": {"es": "Injertada", "en": "Grafted"},
    "board.state.under": {"es": "Debajo de la carta", "en": "Under the card"},
    "board.state.copy-of": {"es": "Copia de (carta)", "en": "Copy of (card)"},
    "board.state.as-upgrade": {"es": "Jugada como mejora", "en": "Played as an upgrade"},
    "board.state.maverick": {"es": "Disidente: Casa impresa", "en": "Maverick: printed house"},
    "board.state.controller": {"es": "Controlada por", "en": "Controlled by"},
    "board.state.owner": {"es": "Propietario", "en": "Owner"},
    "board.loading": {"es": "Cargando…", "en": "Loading…"},
    "board.from_scenario": {"es": "Escenario", "en": "Scenario"},
    "board.no_js": {"es": "El tablero necesita JavaScript.", "en": "The board needs JavaScript."},
    "board.empty_zone": {"es": "vacía", "en": "empty"},
    "board.unknown_card": {"es": "carta desconocida", "en": "unknown card"},
    "board.file": {"es": "Archivo .toml", "en": ".toml file"},
    "board.import_help": {"es": "Un escenario (docs/scenarios.md): su posición, sus jugadas y sus respuestas.",
                          "en": "A scenario (docs/scenarios.md): its position, plays and answers."},
    "board.scenario_id": {"es": "Id del escenario", "en": "Scenario id"},
    "board.scenario_title": {"es": "Título", "en": "Title"},
    "board.scenario_entries": {"es": "Entradas que reproduce", "en": "Entries it reproduces"},
    "board.download": {"es": "Descargar", "en": "Download"},
    "board.close": {"es": "Cerrar", "en": "Close"},
    "board.error": {"es": "Error", "en": "Error"},
    "game.keyforge": {"es": "KeyForge", "en": "KeyForge"},
    "game.mitos-y-leyendas": {"es": "Mitos y Leyendas", "en": "Mitos y Leyendas"},
    "game.gobierno-y-prestigio": {"es": "Gobierno & Prestigio", "en": "Gobierno & Prestigio"},
    "home.scenarios": {"es": "escenarios que se pueden reproducir en el tablero", "en": "scenarios that can be replayed on the board"},
    "home.open_board_for": {"es": "Abrir el tablero de", "en": "Open the board for"},
    "board.supports": {"es": "En el tablero", "en": "On the board"},
    "board.supports.position": {"es": "construir la posición", "en": "build the position"},
    "board.supports.plays": {"es": "jugadas legales y por quién", "en": "legal plays and who makes them"},
    "board.supports.questions": {"es": "preguntas y traza con su regla", "en": "questions and a trace citing each rule"},
    "board.supports.explore": {"es": "explorar todas las respuestas", "en": "explore every answer"},
    "board.supports.stack": {"es": "pila y prioridad", "en": "stack and priority"},
    "board.supports.custom": {"es": "cartas personalizadas", "en": "custom cards"},
    "board.priority": {"es": "Prioridad", "en": "Priority"},
    "board.acting": {"es": "puede actuar", "en": "may act"},
    "board.by": {"es": "Juega", "en": "Played by"},
    "board.by_acting": {"es": "quien puede actuar", "en": "whoever may act"},
    "board.stack": {"es": "Pila: lo que espera a resolverse", "en": "Stack: what waits to resolve"},
    "board.stack_empty": {"es": "La pila está vacía.", "en": "The stack is empty."},
    "board.stack_top": {"es": "arriba", "en": "top"},
    "board.stack_add": {"es": "Añadir a la pila", "en": "Add to the stack"},
    "board.stack_source": {"es": "Carta", "en": "Card"},
    "board.stack_kind": {"es": "Qué es", "en": "What it is"},
    "board.stack_controller": {"es": "Controlador", "en": "Controller"},
    "board.stack_data": {"es": "Datos (JSON)", "en": "Data (JSON)"},
    "board.passed": {"es": "Han pasado", "en": "Passed"},
    "board.then": {"es": "Después puede jugarse", "en": "What may be played next"},
    "board.trace_in.es": {"es": "Leer en español", "en": "Read in Spanish"},
    "board.trace_in.en": {"es": "Leer en inglés", "en": "Read in English"},
    "board.script_step": {"es": "Siguiente jugada del escenario", "en": "Next scenario play"},
    "board.script_all": {"es": "Reproducir el escenario entero", "en": "Replay the whole scenario"},
    "board.script_done": {"es": "Todas las jugadas del escenario están hechas.", "en": "Every play of the scenario has been made."},
    "board.correction": {"es": "corrección del juez (no se aplica en el tablero)", "en": "a judge’s correction (not applied on the board)"},
    "board.unnamed": {"es": "Cartas sin identificar", "en": "Unnamed cards"},
    "board.vocab.help": {"es": "Las habilidades se escriben con estas palabras (ver la documentación del juego).", "en": "Abilities are written with these words (see the game’s documentation)."},
    "board.vocab.kinds": {"es": "Clases de habilidad", "en": "Kinds of ability"},
    "board.vocab.effects": {"es": "Efectos", "en": "Effects"},
    "board.vocab.triggers": {"es": "Cuándo se disparan", "en": "When they trigger"},
    "board.now.power": {"es": "poder", "en": "power"},
    "board.now.armor": {"es": "armadura", "en": "armor"},
    "board.now.strength": {"es": "fuerza", "en": "strength"},
    "board.now.toughness": {"es": "resistencia", "en": "toughness"},
    "board.value.amber": {"es": "Æmbar", "en": "Æmber"},
    "board.value.keys": {"es": "Llaves forjadas", "en": "Forged keys"},
    "board.value.chains": {"es": "Cadenas", "en": "Chains"},
    "board.value.house": {"es": "Casa activa", "en": "Active house"},
    "board.value.houses": {"es": "Casas (carta de identidad)", "en": "Houses (identity card)"},
    "board.value.prestigio": {"es": "Prestigio", "en": "Prestige"},
    "board.value.riqueza": {"es": "Puntos de riqueza", "en": "Wealth points"},
    "board.value.reserva": {"es": "Recursos en la reserva", "en": "Resources in the pool"},
    "board.value.pg-adelantado": {"es": "Punto de gobierno adelantado", "en": "Government point taken early"},
    "board.value.perdio": {"es": "Perdió la partida", "en": "Lost the game"},
    "board.value.first-turn": {"es": "Primer turno de la partida", "en": "First turn of the game"},
    "board.value.tide": {"es": "Marea alta para", "en": "Tide high for"},
    "board.field.house": {"es": "Casa", "en": "House"},
    "board.field.type": {"es": "Tipo", "en": "Type"},
    "board.field.power": {"es": "Poder", "en": "Power"},
    "board.field.armor": {"es": "Armadura", "en": "Armor"},
    "board.field.keywords": {"es": "Palabras clave", "en": "Keywords"},
    "board.field.traits": {"es": "Rasgos (separados por comas)", "en": "Traits (comma separated)"},
    "board.field.bonus": {"es": "Iconos de bonificación", "en": "Bonus icons"},
    "board.field.cost": {"es": "Coste", "en": "Cost"},
    "board.field.strength": {"es": "Fuerza", "en": "Strength"},
    "board.field.race": {"es": "Raza", "en": "Race"},
    "board.field.colors": {"es": "Colores", "en": "Colours"},
    "board.field.subtypes": {"es": "Subtipos (separados por comas)", "en": "Subtypes (comma separated)"},
    "board.field.toughness": {"es": "Resistencia", "en": "Toughness"},
    "board.field.leadership": {"es": "Liderazgo", "en": "Leadership"},
    "board.attached.upgrades": {"es": "Mejoras", "en": "Upgrades"},
    "board.attached.armas": {"es": "Armas", "en": "Weapons"},
    "board.attached.mejoras": {"es": "Mejoras", "en": "Upgrades"},
    "board.attach.mejoras": {"es": "Aplicar una mejora", "en": "Apply an upgrade"},
    "board.attached.attached": {"es": "Cartas unidas", "en": "Attached cards"},
    "board.attach.upgrades": {"es": "Añadir mejora", "en": "Add upgrade"},
    "board.attach.armas": {"es": "Portar un Arma", "en": "Add a weapon"},
    "board.attach.attached": {"es": "Unir una carta", "en": "Attach a card"},
    "board.zone.linea-de-ataque": {"es": "Línea de Ataque", "en": "Attack line"},
    "board.zone.linea-de-defensa": {"es": "Línea de Defensa", "en": "Defence line"},
    "board.zone.linea-de-apoyo": {"es": "Línea de Apoyo", "en": "Support line"},
    "board.zone.reserva-de-oro": {"es": "Reserva de Oro", "en": "Gold reserve"},
    "board.zone.oro-pagado": {"es": "Oro pagado", "en": "Paid gold"},
    "board.zone.mano": {"es": "Mano", "en": "Hand"},
    "board.zone.castillo": {"es": "Castillo (la primera = la de arriba)", "en": "Castle (first = top)"},
    "board.zone.cementerio": {"es": "Cementerio (última = arriba)", "en": "Graveyard (last = top)"},
    "board.zone.permanentes": {"es": "Permanentes", "en": "Permanents"},
    "board.zone.destierro": {"es": "Destierro", "en": "Exile"},
    "board.zone.removida": {"es": "Removidas del juego", "en": "Removed from the game"},
    "board.zone.jugando": {"es": "Jugándose (en la pila)", "en": "Being played (on the stack)"},
    "board.state.recien-llegado": {"es": "Recién llegado", "en": "Just arrived"},
    "board.state.copia": {"es": "Copia de", "en": "Copy of"},
    "board.state.copia-modo": {"es": "Qué copia", "en": "What it copies"},
    "board.state.copia-fuerza": {"es": "Fuerza de la copia", "en": "Strength as a copy"},
    "board.state.ataca-al-entrar": {"es": "Ataca al entrar", "en": "Attacks on entering"},
    "board.zone.campo": {"es": "Campo de juego", "en": "Battlefield"},
    "board.zone.pg": {"es": "Puntos de gobierno", "en": "Government points"},
    "board.zone.gobierno": {"es": "Gobierno", "en": "Government"},
    "board.zone.descarte": {"es": "Descarte (última = arriba)", "en": "Discard (last = top)"},
    "board.zone.recambio": {"es": "Recambio", "en": "Replacement pile"},
    "board.zone.fuera-del-juego": {"es": "Fuera del juego", "en": "Out of the game"},
    "board.zone.pila": {"es": "Órdenes en la pila", "en": "Orders on the stack"},
    "board.state.girada": {"es": "Girada", "en": "Tapped"},
    "board.state.dano": {"es": "Daño", "en": "Damage"},
    "board.state.boca-abajo": {"es": "Boca abajo", "en": "Face down"},
    "board.state.rebeldia": {"es": "En rebeldía", "en": "In rebellion"},
    "board.state.no-disponible": {"es": "No disponible", "en": "Not available"},
    "board.state.tarjeta": {"es": "Tarjeta", "en": "Card marker"},
    "board.state.atacando": {"es": "Atacando", "en": "Attacking"},
    "board.state.bloqueando": {"es": "Bloqueando a (uid)", "en": "Blocking (uid)"},
    "board.state.bloqueado": {"es": "Bloqueado", "en": "Blocked"},
    "board.state.liderazgo": {"es": "Liderazgo", "en": "Leadership"},
    "board.state.activando": {"es": "Activando", "en": "Activating"},
    "board.state.colores": {"es": "Colores", "en": "Colours"},
    "board.stack_kind.carta": {"es": "carta jugada", "en": "card played"},
    "board.stack_kind.habilidad": {"es": "habilidad", "en": "ability"},
    "board.stack_kind.disparada": {"es": "habilidad disparada", "en": "triggered ability"},
    "board.stack_kind.entrada": {"es": "entrada en juego", "en": "entering play"},
    "board.stack_kind.ataque": {"es": "ataque", "en": "attack"},
    "board.stack_kind.bloqueo": {"es": "bloqueo", "en": "block"},
    "board.stack_kind.dano": {"es": "daño de combate", "en": "combat damage"},
    "board.stack_kind.dano-aplicado": {"es": "daño aplicado", "en": "damage dealt"},
    "board.stack_kind.orden": {"es": "orden", "en": "order"},
    "board.stack_kind.copia": {"es": "copia", "en": "copy"},
    "board.stack_kind.activada": {"es": "habilidad activada", "en": "activated ability"},
    "verb.forge": {"es": "Forjar", "en": "Forge"},
    "verb.choose-house": {"es": "Elegir casa", "en": "Choose a house"},
    "verb.agrupar": {"es": "Agrupar", "en": "Group"},
    "verb.no-agrupar": {"es": "No agrupar", "en": "Do not group"},
    "verb.oro": {"es": "Poner en juego el Oro", "en": "Put into play the Gold"},
    "verb.activate": {"es": "Activar", "en": "Activate"},
    "verb.atacar": {"es": "Atacar", "en": "Attack"},
    "verb.bloquear": {"es": "Bloquear", "en": "Block"},
    "verb.terminar": {"es": "Terminar sin atacar", "en": "End without attacking"},
    "verb.pass": {"es": "Pasar", "en": "Pass"},
    "verb.usar": {"es": "Usar el punto de gobierno", "en": "Use the government point"},
    "verb.riqueza": {"es": "Matar un punto de riqueza", "en": "Kill a wealth point"},
    "verb.copiar": {"es": "Copiar", "en": "Copy"},
    "verb.mover": {"es": "Mover en la pila", "en": "Move on the stack"},
    "verb.boca-arriba": {"es": "Poner boca arriba", "en": "Turn face up"},
    "verb.volver-al-mando": {"es": "Volver al Paso de Mando", "en": "Back to the Command Step"},
    "verb.etapa-final": {"es": "Pasar a la Etapa Final", "en": "On to the Final Stage"},
    "verb.conceder": {"es": "Conceder", "en": "Concede"},
    "verb.empezar": {"es": "Empezar la partida", "en": "Start the game"},
    "verb.siguiente-partida": {"es": "Siguiente partida", "en": "Next game"},
    "verb.play": {"es": "Jugar", "en": "Play"},
    "verb.discard": {"es": "Descartar", "en": "Discard"},
    "verb.reap": {"es": "Cosechar con", "en": "Reap with"},
    "verb.fight": {"es": "Luchar con", "en": "Fight with"},
    "verb.action": {"es": "«Acción:» de", "en": "“Action:” of"},
    "verb.omni": {"es": "«Omni:» de", "en": "“Omni:” of"},
    "verb.unstun": {"es": "Quitar el aturdimiento de", "en": "Remove the stun of"},
    "verb.raise-tide": {"es": "Subir la marea (Omni de las reglas)", "en": "Raise the tide (the rules' Omni)"},
    "verb.end-turn": {"es": "Terminar el turno", "en": "End the turn"},
    "nav.practice": {"es": "Práctica", "en": "Practice"},
    "home.practice_lead": {"es": "Aprende las reglas de tiempo con preguntas hechas de los escenarios: la posición, la "
                                 "jugada y ¿qué pasa?",
                           "en": "Learn the timing rules with questions made from the scenarios: the position, the "
                                 "play, and what happens?"},
    "home.open_practice": {"es": "Practicar", "en": "Practise"},
    "practice.title": {"es": "Práctica", "en": "Practice"},
    "practice.lead": {"es": "Cada pregunta es un escenario: la posición, las jugadas y ¿qué pasa? Las respuestas "
                            "erróneas son lo que darían otras decisiones, otro reglamento o una mala lectura. Tu "
                            "progreso se guarda solo en este navegador.",
                      "en": "Each question is a scenario: the position, the plays, and what happens? The wrong answers "
                            "are what other choices, another rulebook or a misreading would give. Your progress is "
                            "kept in this browser only."},
    "practice.questions": {"es": "preguntas", "en": "questions"},
    "practice.topic": {"es": "Tema (sección de las reglas)", "en": "Topic (rule section)"},
    "practice.any_topic": {"es": "Todos los temas", "en": "Any topic"},
    "practice.level": {"es": "Nivel (pasos de la resolución)", "en": "Level (steps of the resolution)"},
    "practice.any_level": {"es": "Cualquiera", "en": "Any"},
    "practice.level_n": {"es": "Nivel {n}", "en": "Level {n}"},
    "practice.level_upto": {"es": "hasta {high} pasos", "en": "up to {high} steps"},
    "practice.level_between": {"es": "de {low} a {high} pasos", "en": "{low} to {high} steps"},
    "practice.level_from": {"es": "{low} pasos o más", "en": "{low} steps or more"},
    "practice.start": {"es": "Empezar", "en": "Start"},
    "practice.progress": {"es": "Tu progreso", "en": "Your progress"},
    "practice.progress_help": {"es": "Se guarda en este navegador y en ningún otro sitio: el servidor no guarda nada "
                                     "de lo que respondes.",
                               "en": "It is kept in this browser and nowhere else: the server stores nothing of what "
                                     "you answer."},
    "practice.reset": {"es": "Borrar mi progreso", "en": "Clear my progress"},
    "practice.session": {"es": "Sesión", "en": "Session"},
    "practice.question_n": {"es": "Pregunta {n}", "en": "Question {n}"},
    "practice.share": {"es": "Enlace a esta pregunta", "en": "Link to this question"},
    "practice.faq_asks": {"es": "Lo que pregunta el documento", "en": "What the document asks"},
    "practice.board": {"es": "Posición antes de las jugadas", "en": "Position before the plays"},
    "practice.plays": {"es": "Jugadas", "en": "Plays"},
    "practice.asked": {"es": "la pregunta es sobre esta jugada", "en": "the question is about this play"},
    "practice.refused": {"es": "las reglas la rechazan", "en": "the rules refuse it"},
    "practice.correction": {"es": "Corrección del juez", "en": "The judge's correction"},
    "practice.by": {"es": "juega", "en": "plays"},
    "practice.choose": {"es": "Elige una respuesta", "en": "Pick an answer"},
    "practice.answer": {"es": "Responder", "en": "Answer"},
    "practice.answer_again": {"es": "Responder otra vez", "en": "Answer again"},
    "practice.right": {"es": "¡Correcto!", "en": "Right!"},
    "practice.wrong": {"es": "No es así", "en": "Not quite"},
    "practice.the_ruling": {"es": "Lo que dice la regla", "en": "What the ruling says"},
    "practice.your_answer": {"es": "Tu respuesta", "en": "Your answer"},
    "practice.decided_at": {"es": "Se decide en el paso", "en": "Decided at the step"},
    "practice.side_by_side": {"es": "A un lado, el camino que lleva a tu respuesta; al otro, el de la regla. Lo que "
                                    "comparten está atenuado; se separan en el paso marcado.",
                              "en": "On one side, the way that leads to your answer; on the other, the ruling's. "
                                    "What they share is dimmed; they part at the marked step."},
    "practice.trace": {"es": "Resolución paso a paso", "en": "Step-by-step resolution"},
    "practice.parts_here": {"es": "aquí se separan", "en": "they part here"},
    "practice.decides_here": {"es": "aquí se decide", "en": "decided here"},
    "practice.ruling": {"es": "La regla", "en": "The ruling"},
    "practice.replay": {"es": "Reproducir en el tablero", "en": "Replay on the board"},
    "practice.about": {"es": "Sobre este escenario", "en": "About this scenario"},
    "practice.try_again": {"es": "Intentar de nuevo", "en": "Try again"},
    "practice.next": {"es": "Siguiente pregunta", "en": "Next question"},
    "practice.skip": {"es": "Saltar esta pregunta", "en": "Skip this question"},
    "practice.active": {"es": "activo", "en": "active"},
    "practice.game_values": {"es": "Lo que la partida recuerda", "en": "What the game remembers"},
    "practice.custom_cards": {"es": "Cartas definidas en el escenario", "en": "Cards defined in the scenario"},
    "practice.empty_board": {"es": "Sin cartas", "en": "No cards"},
    "practice.searching": {"es": "Buscando la siguiente pregunta…", "en": "Looking for the next question…"},
    "practice.searching_help": {"es": "Para saber el nivel y los temas de un escenario hay que resolverlo; se sigue "
                                      "buscando por tandas.",
                                "en": "A scenario's level and topics are known once it is resolved; the search goes "
                                      "on in batches."},
    "practice.go_on": {"es": "Seguir buscando", "en": "Keep looking"},
    "practice.done": {"es": "No quedan preguntas en esta sesión", "en": "No questions left in this session"},
    "practice.done_help": {"es": "Prueba otro tema u otro nivel.", "en": "Try another topic or level."},
    "practice.new_session": {"es": "Nueva sesión", "en": "New session"},
    "practice.js.progress": {"es": "Respondidas: {answered} · acertadas a la primera: {right}",
                             "en": "Answered: {answered} · right the first time: {right}"},
    "practice.js.none": {"es": "Aún no has respondido ninguna.", "en": "None answered yet."},
    "practice.js.session": {"es": "esta sesión: respondidas {answered}, a la primera {right}",
                            "en": "this session: answered {answered}, right the first time {right}"},
    "practice.js.cleared": {"es": "Progreso borrado.", "en": "Progress cleared."},
    "practice.js.confirm": {"es": "¿Borrar tu progreso en este navegador?", "en": "Clear your progress in this browser?"},
    "practice.js.copied": {"es": "Enlace copiado", "en": "Link copied"},
    "practice.js.before": {"es": "Ya la respondiste: {right} de {tries} intentos acertados.",
                           "en": "You answered it before: {right} of {tries} tries right."},
    "error.title": {"es": "Algo no ha ido bien", "en": "Something went wrong"},
    "error.404": {"es": "No existe esa página.", "en": "There is no such page."},
    "error.back": {"es": "Volver al oráculo", "en": "Back to the oracle"},
    "footer.text": {"es": "Los textos de las reglas se citan literalmente de los documentos oficiales.",
                    "en": "Rule texts are quoted verbatim from the official documents."},
}
"""Every user-visible string, by key, in both languages (a test checks that none is missing)."""


def pick_language() -> str:
    """The language of this request: the judge's choice (cookie), else the browser's, else Spanish."""
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    best = request.accept_languages.best_match(LANGUAGES)
    return best or DEFAULT


def lang() -> str:
    if "lang" not in g:
        g.lang = pick_language()
    return g.lang


def translate(key: str, **params: Any) -> str:
    """The message ``key`` in the request's language (the key itself if it is missing, so it shows)."""
    text = MESSAGES.get(key, {}).get(lang()) or key
    return text.format(**params) if params else text


def bilingual(value: Any) -> str:
    """Pick the request's language from a ``{es, en}`` table (engine texts); a plain string stays as it is."""
    if isinstance(value, dict):
        return str(value.get(lang()) or value.get("es") or value.get("en") or "")
    return "" if value is None else str(value)


def client_messages() -> dict[str, str]:
    """The messages the board's script needs, in the request's language."""
    return {k: v.get(lang(), k) for k, v in MESSAGES.items()
            if k.startswith(("board.", "verb.", "kind.", "search.", "rel."))}


_URL_SAFE = "/?#[]@!$&'()*+,;=:%-._~"


def local_path(target: str) -> str:
    """``target`` if it is a path of this site, else ``/``.

    Browsers drop tabs and line breaks from a URL and read a backslash as a slash, so a slash, a tab and
    ``/evil.example`` lead to another site. The target is first written the way a URL carries it (every other
    character percent-encoded, so none of them can be dropped or read as a slash), then it must start with one slash
    and name no scheme and no host.
    """
    normal = quote(target, safe=_URL_SAFE)
    if not normal.startswith("/") or normal.startswith("//"):
        return "/"
    parts = urlsplit(normal)
    if parts.scheme or parts.netloc:
        return "/"
    return normal


@bp.get("/lang/<code>")
def set_language(code: str):
    """Switch the language and go back to the page the judge was on (the choice lasts a year)."""
    response = redirect(local_path(request.args.get("next", "/")))
    if code in LANGUAGES:
        response.set_cookie(COOKIE, code, max_age=365 * 24 * 3600, samesite="Lax")
    return response


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.jinja_env.globals.update(_=translate, bilingual=bilingual, current_lang=lang, LANGUAGES=LANGUAGES)

    @app.after_request
    def vary_on_language(response):
        if "Vary" not in response.headers:
            # What the two adds below write, without parsing the header into a set first (every answer has it).
            response.headers["Vary"] = "Accept-Language, Cookie"
            return response
        response.vary.add("Accept-Language")
        response.vary.add("Cookie")
        return response
