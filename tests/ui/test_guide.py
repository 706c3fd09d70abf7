"""The guided first game's logic on the table (``tavolo_ui.guide_script``), on CPython: the
script leads a ``Session`` step by step; the bots' moves come from it, the learner's other
choices are refused, the coach's words follow the steps in the page's language, and leaving
the guide (or the script's end) gives a normal game."""

import pytest

import engines
from engines.core.guide import has_guide, load_guide
from tavolo_ui.guide_script import BOTS, END, LEARNER, OFF, GuidedGame

GUIDED = [name for name in engines.list_games() if has_guide(name)]


@pytest.mark.parametrize("name", GUIDED)
def test_the_guide_leads_the_game_to_the_script_s_end(name):
    run, s = GuidedGame.start(name, "it")
    guide = load_guide(name, "en")
    assert [seat.name for seat in s.seats] == [seat.name for seat in guide.seats]
    said = []
    for step in guide.steps:
        if step.seat == guide.learner:
            assert run.stage(s) == LEARNER
            index = run.expected_index(s)
            assert s.game.dump_action(s.legal_actions()[index]) == step.action
            others = [i for i in range(len(s.legal_actions())) if i != index]
            assert all(run.refuses(s, i) for i in others) and not run.refuses(s, index)
            assert run.bot_action(s, step.seat) is None
            en, it = run.coach(s, "en"), run.coach(s, "it")
            assert en.say == step.say and it.say and it.say != en.say and en.rule == it.rule == step.rule
            said.append(it.say)
            s.apply_index(index)
        else:
            assert run.stage(s) == BOTS and run.expected_index(s) is None
            assert run.bot_action(s, step.seat) == step.action
            assert run.bot_action(s, guide.learner) is None
            s.apply(run.bot_action(s, step.seat))
    assert len(set(said)) == len(said)  # the words change at every step
    assert run.stage(s) == END and run.coach(s, "it").say == load_guide(name, "it").end
    assert run.bot_action(s, s.to_move()) is None  # the bots think again after the script
    assert not run.refuses(s, 0)


@pytest.mark.parametrize("name", GUIDED)
def test_leaving_the_guide_gives_a_normal_game(name):
    run, s = GuidedGame.start(name, "en")
    guide = load_guide(name, "en")
    while run.stage(s) == BOTS:
        s.apply(run.bot_action(s, s.to_move()))
    assert run.stage(s) == LEARNER
    run.left = True
    assert run.stage(s) == OFF and run.expected_index(s) is None and run.coach(s, "en").stage == OFF
    assert not any(run.refuses(s, i) for i in range(len(s.legal_actions())))
    assert [seat.kind for n, seat in enumerate(s.seats) if n != guide.learner] == ["bot:normal"] * (len(s.seats) - 1)


@pytest.mark.parametrize("name", GUIDED)
def test_undo_steps_the_guide_back_and_another_move_leaves_it(name):
    run, s = GuidedGame.start(name, "en")
    guide = load_guide(name, "en")
    while True:  # to the first learner step whose move can be taken back (Undo stops at a
        # move that revealed something new, as Euphoria's first does)
        while run.stage(s) == BOTS:
            s.apply(run.bot_action(s, s.to_move()))
        first = run.coach(s, "en").say
        s.apply_index(run.expected_index(s))
        if s.can_undo():
            break
    assert run.coach(s, "en").say != first or run.stage(s) == BOTS
    s.undo()
    assert run.stage(s) == LEARNER and run.coach(s, "en").say == first
    other = next(i for i in range(len(s.legal_actions())) if run.refuses(s, i))
    s.apply_index(other)  # only a record edited by hand gets here: the guide no longer leads
    assert run.stage(s) == OFF
    assert guide.on_script(s.record.actions[:-1])


@pytest.mark.parametrize("lang", ["en", "it"])
def test_learn_by_playing_is_offered_on_the_cards_of_guided_games_only(lang):
    from tavolo_ui import home
    for name in engines.list_games():
        card = home.game_card(name, lang)
        assert ('data-cmd="learn"' in card) == (name in GUIDED)
    assert ("Impara giocando" if lang == "it" else "Learn by playing") in home.home_html(lang)


@pytest.mark.parametrize("name", GUIDED)
def test_the_opponents_moves_are_told_until_the_learner_moves(name):
    """Every scripted word of the bots' moves since the learner's last move is shown (the
    introduction before the first), and none of an earlier stretch."""
    run, s = GuidedGame.start(name, "en")
    guide = load_guide(name, "en")
    since = 0
    for n, step in enumerate(guide.steps):
        expected = ((guide.intro,) if since == 0 else ()) + tuple(
            st.say for st in guide.steps[since:n] if st.say)
        assert run.coach(s, "en").remarks == expected
        s.apply(step.action)
        if step.seat == guide.learner:
            since = n + 1
