"""The page shell speaks Italian and English: every text written in web/tavolo_ui and
engines/core has an Italian entry with the same fields, the catalog's descriptions are
translated, messages carry their Text, and a session's log switches language as a whole."""

from __future__ import annotations

import json

import pytest

import build
import engines
import tavolo_ui  # noqa: F401  (registers the "ui" domain)
from engines.core import i18n
from engines.core.errors import IllegalAction
from engines.core.i18n import LANGS, Text, fields, table, texts
from engines.core.inbound import InputError, read_json
from tavolo_ui.links import LinkError, decode_payload
from tavolo_ui.saves import FULL_MESSAGE, Msg, Saves, DictStorage, tr
from tavolo_ui.session import Session
from tests.core.toy import Toy
from tests.ui.i18n_scan import ROOT, templates

OTHER_LANGS = [lang for lang in LANGS if lang != LANGS[0]]
FOUND = templates()


def test_the_scan_finds_the_shell_texts():
    files = {f for _, _, f, _ in FOUND}
    for name in ("app.py", "saves.py", "links.py", "session.py"):
        assert f"web/tavolo_ui/{name}" in files
    for name in ("game.py", "record.py", "inbound.py"):
        assert f"engines/core/{name}" in files
    assert ("ui", "New game", "web/tavolo_ui/home.py") in {(d, t, f) for d, t, f, _ in FOUND}
    # L imported from tavolo_ui.page counts like a module's own L
    assert ("ui", "Copy link", "web/tavolo_ui/dialogs.py") in {(d, t, f) for d, t, f, _ in FOUND}


@pytest.mark.parametrize("lang", OTHER_LANGS)
def test_every_text_written_has_a_translation_with_the_same_fields(lang):
    missing, wrong = [], []
    for domain, template, where, line in FOUND:
        translated = table(domain, lang).get(template)
        if translated is None:
            missing.append(f"{where}:{line} [{domain}] {template!r}")
        elif sorted(fields(translated)) != sorted(fields(template)):
            wrong.append(f"{where}:{line} [{domain}] {template!r} -> {translated!r}")
    assert not missing, "no translation:\n" + "\n".join(missing)
    assert not wrong, "fields differ:\n" + "\n".join(wrong)


@pytest.mark.parametrize("lang", OTHER_LANGS)
def test_the_ui_table_has_no_stale_entries_and_the_same_fields(lang):
    """Each entry of the UI's table is a text the shell writes, or one that boot.js and main.py
    show before its Python runs (build.BOOT_TEXTS)."""
    written = {t for d, t, _, _ in FOUND if d == "ui"} | set(build.BOOT_TEXTS)
    data = json.loads((ROOT / "web" / "tavolo_ui" / "i18n" / f"{lang}.json").read_text("utf-8"))
    assert sorted(set(data) - written) == []
    for template, translated in data.items():
        assert sorted(fields(translated)) == sorted(fields(template)), template
        assert "'" not in translated.replace("'{", "").replace("}'", ""), translated  # typographic ’


def test_the_catalog_descriptions_are_translated():
    core = texts("core")
    for name in engines.list_games():
        description = engines.about(name)["description"]
        assert description in table("core", "it"), name
        assert core(description).render("it") != description


def test_input_errors_carry_their_message_as_a_text():
    with pytest.raises(InputError) as info:
        read_json("[" * 100)
    exc = info.value
    assert isinstance(exc.reason, Text)
    assert str(exc) == "The data is nested too deeply." == exc.message("en")
    assert exc.message("it") == "I dati sono annidati troppo in profondità."
    with pytest.raises(LinkError) as link:
        decode_payload("t1.99.0000000a.abc")
    assert "cut off" in str(link.value) and "troncato" in link.value.message("it")


def test_messages_stay_strings_and_render_in_either_language():
    assert isinstance(FULL_MESSAGE, str) and FULL_MESSAGE.startswith("The browser")
    assert tr(FULL_MESSAGE, "it").startswith("La memoria del browser")
    sv = Saves(DictStorage())
    entry = sv.get("nope")
    assert entry.error == str(entry.error) and isinstance(entry.error, Msg)
    assert tr(entry.error, "it") == "Questa partita salvata non esiste (forse è stata eliminata)."
    assert tr(IllegalAction(texts("core")("The game is over.")), "it") == "La partita è finita."


def test_a_record_error_nests_its_reason_in_the_same_language():
    s = Session.start("toy", [{"name": "Anna", "kind": "human"}], seed=1)
    data = s.record.model_dump(mode="json")
    data["actions"] = [{"type": "fly"}]
    from engines import RecordError
    with pytest.raises(RecordError) as info:
        Session.load(data)
    it = info.value.message("it")
    assert it.startswith("La mossa 1 della registrazione non è valida") and "Not a" not in it.split(":")[0]


# ---- the log in either language ---------------------------------------------------------
@pytest.fixture
def speaking_toy(tmp_path):
    """The toy game with log lines and events as Texts of a small test domain."""
    (tmp_path / "it.json").write_text(json.dumps({
        "{player} draws": "{player} pesca", "{player} stops": "{player} si ferma",
        "The deck has {n} cards left": "Nel mazzo restano {n} carte"}), encoding="utf-8")
    i18n.add_domain("toy-test", tmp_path)
    T = texts("toy-test")

    class SpeakingToy(Toy):
        name = "speaking-toy"

        def log_text(self, state, action):
            p = i18n.player(state.current)
            return T("{player} draws", player=p) if action.type == "draw" else T("{player} stops", player=p)

        def event_texts(self, before, action, after):
            return [T("The deck has {n} cards left", n=len(after.deck))] if action.type == "draw" else []

    game = SpeakingToy()
    engines.register(game)
    yield game


def test_the_log_is_kept_as_texts_and_switches_language(speaking_toy):
    s = Session.start("speaking-toy", [{"name": "Anna", "kind": "human"}, {"name": "Ben", "kind": "human"}], seed=4)
    s.confirm_handoff()
    s.apply({"type": "draw"})
    s.confirm_handoff()
    s.apply({"type": "stop"})
    anna, ben = "\u2068Anna\u2069", "\u2068Ben\u2069"  # the names isolated (tavolo_ui.bidi)
    en = s.log_lines("en")
    assert en[0] == (0, f"{anna} draws") and en[1][0] is None and en[1][1].startswith("The deck has")
    assert en[2] == (1, f"{ben} stops")
    it = s.log_lines("it")
    assert it[0] == (0, f"{anna} pesca") and it[1][1].startswith("Nel mazzo restano") and it[2] == (1, f"{ben} si ferma")
    s.lang = "it"
    assert s.log == it and s.apply({"type": "stop"}) == f"{anna} si ferma"
    assert s.log_lines("en")[-1] == (0, f"{anna} stops")
    # a record loaded again gives the same log, events included
    again = Session.load(s.record)
    assert again.log_lines("it") == s.log_lines("it")
    assert s.status() == "Tocca a Ben." or "Partita finita" in s.status()


def test_a_citadels_log_switches_language():
    seats = [{"name": n, "kind": "bot:random"} for n in ("Anna", "Ben", "Carla", "Dario")]
    s = Session.start("citadels", seats, seed=11)
    for _ in range(12):
        s.bot_step()
    en, it = s.log_lines("en"), s.log_lines("it")
    assert len(en) == len(it) >= 12
    assert [seat for seat, _ in en] == [seat for seat, _ in it]
    assert en != it  # the lines are translated (card and character names may stay alike)
    assert not any(i18n.PLAYER_RE.search(line) for _, line in en + it)  # seat names everywhere
    assert s.log_lines("en") == en  # back to English: the same lines


def test_spectators_are_never_you():
    seats = [{"name": "Bot A", "kind": "bot:random"}, {"name": "Bot B", "kind": "bot:random"}]
    s = Session.start("toy", seats, seed=2)
    assert s.me() is None
    s.lang = "it"
    assert "Bot A" in s.status() and "pensando" in s.status()
    assert s.name(None) == "Spettatore"
