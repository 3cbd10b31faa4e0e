"""DIN 5007 variant 1: umlauts under their base letter, ß as ss, case ignored (issue #17.7)."""

from tournaments.domain.names import din5007_fold, din5007_key, din5007_name_key


def test_umlauts_file_under_their_base_letter():
    names = ["Krause", "König", "Kuhn", "Kahl", "Özdemir", "Otto", "Übel", "Ulm"]

    assert sorted(names, key=din5007_key) == [
        "Kahl", "König", "Krause", "Kuhn", "Otto", "Özdemir", "Übel", "Ulm",
    ]  # fmt: skip


def test_sharp_s_is_ss_and_case_is_ignored():
    assert din5007_fold("Straßer") == din5007_fold("STRASSER") == "strasser"
    assert sorted(["berg", "Bauer", "Äbele"], key=din5007_key) == ["Äbele", "Bauer", "berg"]


def test_equal_folds_keep_a_fixed_order_by_the_original_spelling():
    assert sorted(["Müller", "Muller", "muller"], key=din5007_key) == [
        "Muller", "Müller", "muller",
    ]  # fmt: skip


def test_people_sort_by_last_name_then_first_name():
    people = [("Schulz", "Anna"), ("Schüler", "Bert"), ("Schulz", "Änne"), ("Schulte", "Zoe")]

    assert sorted(people, key=lambda p: din5007_name_key(*p)) == [
        ("Schüler", "Bert"), ("Schulte", "Zoe"), ("Schulz", "Anna"), ("Schulz", "Änne"),
    ]  # fmt: skip
