"""Vehicle token geometry (SAS-AVEH-2 steps and turns, SAS-AVEH-8 front/rear LOS points; decision D-AVEH-1)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from app.systems.sas.vehicles.shape import Pose


def test_footprint_front_row_first() -> None:
    """A 2-wide, 3-long token facing north lies behind its front-left anchor (SAS-AVEH-8, OQ-29)."""
    pose = Pose((5, 5), "N", 2, 3)
    assert pose.front_row() == ((5, 5), (6, 5))
    assert pose.rear_row() == ((5, 7), (6, 7))
    assert pose.ahead() == ((5, 4), (6, 4))
    assert pose.behind() == ((5, 8), (6, 8))
    assert pose.front_point() == (5.5, 4.5)
    assert pose.rear_point() == (5.5, 7.5)


def test_forward_turn_right_is_a_diagonal_step_and_a_clockwise_quarter() -> None:
    """SAS-AVEH-2: a square token turning right ends one square diagonally forward-right, facing east."""
    turned = Pose((5, 5), "N", 2, 2).turn(1, "right")
    assert turned.facing == "E"
    assert set(turned.cells()) == {(6, 4), (7, 4), (6, 5), (7, 5)}


def test_reverse_turn_points_the_rear_the_way_it_went() -> None:
    """SAS-AVEH-2: reversing diagonally to the left swings the rear west, so the vehicle faces east."""
    turned = Pose((5, 5), "N", 2, 2).turn(-1, "left")
    assert turned.facing == "E"
    assert set(turned.cells()) == {(4, 6), (5, 6), (4, 7), (5, 7)}


@given(
    st.sampled_from(["N", "E", "S", "W"]),
    st.integers(2, 2),
    st.integers(2, 4),
    st.sampled_from([1, -1]),
    st.sampled_from(["left", "right"]),
)
def test_turns_keep_the_token_size_and_move_it_at_most_two_squares(
    facing: str, width: int, length: int, forward: int, side: str
) -> None:
    """D-AVEH-1: a turn keeps the footprint's size and moves its centre about one square diagonally."""
    pose = Pose((10, 10), facing, width, length)
    turned = pose.turn(forward, side)  # type: ignore[arg-type]
    assert len(set(turned.cells())) == width * length
    (ax, ay), (bx, by) = pose.centre(), turned.centre()
    assert abs(ax - bx) <= 1.5 and abs(ay - by) <= 1.5
