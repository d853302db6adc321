"""When the interview may rule without asking (interview._ruling_alike): only on remedies it can compare now."""
from ecarte_tutor.engine.disputes.interview import _remedy
from ecarte_tutor.engine.disputes.knowledge import establish
from ecarte_tutor.engine.disputes.rows import decision_rows

REVOKE = {"irregularity": "revoke", "offender": "dealer"}


def law_43_row(book, case):
    return next(row for row in decision_rows(book, book.params("london")) if row.case == f"law.43/{case}")


def test_a_remedy_whose_options_score_the_tricks_is_not_known_before_the_tricks(book):
    # "let the hand stand, the offender scores one less": what it is worth rests on the tricks, so no other row
    # with the same options and words can be taken to rule alike and save a question
    known = establish(book, {**REVOKE, "corrected_before_next_lead": False})
    assert _remedy(law_43_row(book, "not-corrected"), known) is None


def test_a_remedy_with_no_points_and_its_seats_known_is_what_it_decides(book):
    known = establish(book, {**REVOKE, "corrected_before_next_lead": True})
    compulsory, chooser, seats, options = _remedy(law_43_row(book, "corrected-before-next-lead"), known)
    assert (compulsory, chooser, seats) == (True, None, ())
    assert [option[0] for option in options] == ["no-penalty"]
