"""The window's work ahead: pictures first, then the first screens' work, then its
`then`, once; in spare time only pictures."""

from __future__ import annotations

from game.ui.work_ahead import WorkAhead


def test_pictures_go_first_and_the_first_screens_work_ends_with_its_then() -> None:
    done: list[str] = []
    ahead = WorkAhead()
    assert not ahead.started and not ahead.while_idle()
    ahead.start([lambda: done.append("module"), lambda: done.append("players")],
                then=lambda: done.append("frozen"))
    ahead.draw([lambda: done.append("face")])
    assert ahead.started and ahead.drawing
    while ahead.while_idle():
        pass
    assert done == ["face", "module", "players", "frozen"]
    assert not ahead.drawing


def test_spare_time_makes_one_picture_and_never_the_first_screens_work() -> None:
    done: list[str] = []
    ahead = WorkAhead()
    ahead.start([lambda: done.append("module")], then=lambda: None)
    ahead.draw([lambda: done.append("a"), lambda: done.append("b")])
    ahead.in_spare_time()
    assert done == ["a"]
    ahead.in_spare_time()
    ahead.in_spare_time()
    assert done == ["a", "b"]


def test_named_work_takes_the_place_of_what_is_left_of_that_name() -> None:
    done: list[str] = []
    ahead = WorkAhead()
    ahead.draw([lambda: done.append("old 1"), lambda: done.append("old 2")], named="table")
    ahead.in_spare_time()
    ahead.draw([lambda: done.append("other")])
    ahead.draw([lambda: done.append("new")], named="table")
    while ahead.while_idle():
        pass
    assert done == ["old 1", "other", "new"]
