"""The Working-Class Neighborhood's card text agrees in number in Italian: one worker is
"attivo", two are "attivi" (the English reads the same as before: "+1 worker, active")."""

from engines.core.i18n import render
from engines.spyrium.texts import card_effects


def _when_built(card_type: str, lang: str) -> str:
    return next(x for x in (render(t, lang) for t in card_effects(card_type)) if "+" in x and
                ("worker" in x or "lavorator" in x))


def test_one_worker_is_active_in_italian_and_two_are():
    assert _when_built("A-neighborhood-left", "it") == "Costruendolo: +1 lavoratore, attivo"
    assert _when_built("B-neighborhood-right", "it") == "Costruendolo: +2 lavoratori, attivi"


def test_the_english_is_unchanged():
    assert _when_built("A-neighborhood-left", "en") == "When built: +1 worker, active"
    assert _when_built("B-neighborhood-right", "en") == "When built: +2 workers, active"
