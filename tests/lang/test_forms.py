"""Grammatical forms of worded values (lang.Worded): a translation asks a placeholder for a form with
a format spec ("{place:in}"), and gets the catalog's entry for the same msgid under the context
"<ctx>:<spec>"; where there is none, the plain wording. Filling never fails on a spec a value does
not understand (lang.catalog.fill)."""

from __future__ import annotations

import copy
import pickle

from babel.messages.catalog import Catalog

import lang
from games.base import say, say_n, say_p
from lang.catalog import Texts, Worded, compile_catalog, fill

LIVES = "{player} lives in {place}."
GOES = "{player} goes from {place} to {to}."


def polish_texts() -> Texts:
    """A catalog of our own (no game's): Rome has its forms, Paris has none."""
    catalog = Catalog(locale="pl", domain="core")
    catalog.add(LIVES, "{player} mieszka {place:in}.")
    catalog.add(GOES, "{player} jedzie {place:from} {to:to}.")
    catalog.add("Rome", "Rzym", context="place")
    catalog.add("Rome", "w Rzymie", context="place:in")
    catalog.add("Rome", "do Rzymu", context="place:to")
    catalog.add("Rome", "z Rzymu", context="place:from")
    catalog.add("Paris", "Paryż", context="place")
    catalog.add("Paris", "", context="place:in")  # untranslated: not compiled
    tx = Texts("pl", "core")
    tx.gettext = compile_catalog(catalog)
    return tx


def test_a_say_with_a_context_gives_the_form_a_translation_asks_for() -> None:
    tx = polish_texts()
    assert tx.say(say(LIVES, player="Ala", place=say_p("place", "Rome"))) == "Ala mieszka w Rzymie."
    assert tx.say(say(GOES, player="Ala", place=say_p("place", "Rome"), to=say_p("place", "Rome"))) == \
        "Ala jedzie z Rzymu do Rzymu."


def test_a_form_the_catalog_lacks_is_the_plain_wording() -> None:
    tx = polish_texts()
    assert tx.say(say(LIVES, player="Ala", place=say_p("place", "Paris"))) == "Ala mieszka Paryż."
    assert tx.say(say(GOES, player="Ala", place=say_p("place", "Paris"), to=say_p("place", "Rome"))) == \
        "Ala jedzie Paryż do Rzymu."
    # a value that is no Say (a name, an older game's English) has no forms: as it is
    assert tx.say(say(LIVES, player="Ala", place="Berlin")) == "Ala mieszka Berlin."
    assert tx._(LIVES, player="Ala", place=3) == "Ala mieszka 3."


def test_a_worded_value_is_its_plain_wording_but_where_a_form_is_asked() -> None:
    tx = polish_texts()
    rome = tx.worded(say_p("place", "Rome"))
    assert isinstance(rome, Worded)
    assert rome == "Rzym" and str(rome) == "Rzym" and f"{rome}" == "Rzym" and rome.upper() == "RZYM"
    assert f"{rome:in}" == "w Rzymie" and f"{rome:from}" == "z Rzymu"
    assert f"{rome:of}" == "Rzym"  # a form nobody translated
    assert f"{rome:>6}|" == "  Rzym|"  # str.format's own specs
    for copied in (copy.copy(rome), copy.deepcopy(rome), pickle.loads(pickle.dumps(rome))):
        assert copied == "Rzym" and type(copied) is str
    assert tx._("{player} is in {place}", player="Ala", place=rome) == "Ala is in Rzym"  # no spec: plain
    assert tx.worded(say("Rome")) == "Rome" and not isinstance(tx.worded(say("Rome")), Worded)  # no context
    assert not isinstance(tx.worded(say_n("{count} city", "{count} cities", 2)), Worded)


def test_english_has_no_forms_and_reads_as_ever() -> None:
    en = lang.texts("en", "core")
    rome = en.worded(say_p("place", "Rome"))
    assert rome == "Rome" and f"{rome:in}" == "Rome"
    assert en.say(say(LIVES, player="Ala", place=say_p("place", "Rome"))) == "Ala lives in Rome."
    assert en.entry("place:in", "Rome") is None


def test_a_spec_a_plain_value_does_not_understand_is_left_out() -> None:
    assert fill("{a:in} {b:from} {c:to}", {"a": "Kongo", "b": 3, "c": None}) == "Kongo 3 None"
    assert fill("{x:.1f} {n:d} {n:03d} {s:>4}", {"x": 3.14159, "n": 7, "s": "ab"}) == "3.1 7 007   ab"
    assert fill("{a:in}, {b}", {"a": "Kongo", "b": lang.texts("pl", "africa").worded(say_p("area", "Congo"))}) \
        == "Kongo, Kongo"
    # what cannot be filled at all is logged and returned as it is, as before
    assert fill("{a:%%%}", {"a": "x"}) == "{a:%%%}"
    assert fill("{missing:in}", {"a": "x"}) == "{missing:in}"
