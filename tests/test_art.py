"""The art: every card draws at any width, cached; the table pieces have their sizes."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import hashlib
import time

import pygame
import pytest

from game.cards import COUP, JOKER, Card, Rank, Suit, suited_deck
from game.ui.art import (
    CARD_BACKS,
    CARD_RATIO,
    NOTE_VALUES,
    CardArt,
    board_plank,
    coup_badge,
    dagger,
    director_badge,
    felt,
    franc_note,
    suit_pip,
)
from game.ui.art.card_art import clear_caches

EVERY_CARD = (*suited_deck(Rank), COUP, JOKER)
PACK = (*suited_deck([Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE,
                      Rank.EIGHT, Rank.SEVEN]), COUP, JOKER)
WIDTHS = (48, 96, 120, 161)


def fingerprint(surface: pygame.Surface) -> str:
    return hashlib.sha1(pygame.image.tobytes(surface, "RGBA")).hexdigest()


def alpha_at(surface: pygame.Surface, x: int, y: int) -> int:
    return surface.get_at((x, y)).a


def assert_card_shaped(surface: pygame.Surface, width: int) -> None:
    height = round(width * CARD_RATIO)
    assert surface.get_size() == (width, height)
    assert surface.get_flags() & pygame.SRCALPHA
    assert alpha_at(surface, 0, 0) == 0, "the corners are rounded"
    assert alpha_at(surface, width - 1, height - 1) == 0
    assert alpha_at(surface, width // 2, height // 2) == 255
    assert alpha_at(surface, width // 2, 0) == 255, "the edge is opaque between corners"


@pytest.mark.parametrize("width", WIDTHS)
def test_a_face_is_card_sized_with_transparent_rounded_corners(width: int) -> None:
    assert_card_shaped(CardArt().face(Card.parse("QH"), width), width)


@pytest.mark.parametrize("back", CARD_BACKS)
@pytest.mark.parametrize("width", WIDTHS)
def test_a_back_is_card_sized_with_transparent_rounded_corners(back: str, width: int) -> None:
    assert_card_shaped(CardArt(back=back).back(width), width)


def test_every_card_of_the_game_can_be_drawn_in_both_colour_schemes() -> None:
    for four_colour in (False, True):
        art = CardArt(four_colour=four_colour)
        for card in EVERY_CARD:
            assert_card_shaped(art.face(card, 72), 72)


def test_drawing_the_same_card_again_returns_the_cached_surface() -> None:
    art = CardArt()
    card = Card.parse("10S")
    assert art.face(card, 100) is art.face(card, 100)
    assert art.back(100) is art.back(100)
    assert art.face(card, 100) is not art.face(card, 101)


def test_the_wild_cards_look_the_same_in_both_colour_schemes() -> None:
    assert CardArt().face(COUP, 90) is CardArt(four_colour=True).face(COUP, 90)


def test_four_colours_change_the_diamonds_and_the_clubs_only() -> None:
    two, four = CardArt(), CardArt(four_colour=True)
    assert two.suit_colour(Suit.DIAMONDS) == two.suit_colour(Suit.HEARTS)
    assert two.suit_colour(Suit.CLUBS) == two.suit_colour(Suit.SPADES)
    assert len({four.suit_colour(suit) for suit in Suit}) == 4
    for code in ("AD", "KC", "9D", "7C"):
        assert fingerprint(two.face(Card.parse(code), 80)) != fingerprint(
            four.face(Card.parse(code), 80))
    for code in ("AS", "QH"):
        assert fingerprint(two.face(Card.parse(code), 80)) == fingerprint(
            four.face(Card.parse(code), 80))


def test_a_red_card_shows_red_and_a_black_card_none() -> None:
    def reddish(surface: pygame.Surface) -> int:
        pixels = (surface.get_at((x, y)) for x in range(surface.get_width())
                  for y in range(surface.get_height()))
        return sum(1 for c in pixels if c.a == 255 and c.r > 150 and c.g < 90 and c.b < 90)

    art = CardArt()
    assert reddish(art.face(Card.parse("8H"), 60)) > 100
    assert reddish(art.face(Card.parse("8S"), 60)) == 0


@pytest.mark.parametrize("width", (48, 120))
def test_distinct_cards_give_distinct_images(width: int) -> None:
    art = CardArt()
    faces = {fingerprint(art.face(card, width)) for card in EVERY_CARD}
    backs = {fingerprint(CardArt(back=back).back(width)) for back in CARD_BACKS}
    assert len(faces) == len(EVERY_CARD)
    assert len(backs) == len(CARD_BACKS)
    assert not faces & backs


def test_an_unknown_back_is_refused() -> None:
    with pytest.raises(ValueError, match="no card back"):
        CardArt(back="tartan")


def test_the_whole_pack_draws_in_well_under_a_second_then_comes_from_the_cache() -> None:
    clear_caches()
    art = CardArt()
    start = time.perf_counter()
    for card in PACK:
        art.face(card, 120)
    cold = time.perf_counter() - start
    start = time.perf_counter()
    for card in PACK:
        art.face(card, 120)
    warm = time.perf_counter() - start
    assert cold < 1.0
    assert warm < 0.01


@pytest.mark.parametrize("suit", list(Suit))
def test_a_suit_pip_fits_its_square_in_its_colour_on_a_clear_ground(suit: Suit) -> None:
    pip = suit_pip(suit, 40, (200, 30, 40))
    assert pip.get_size() == (40, 40)
    assert pip.get_flags() & pygame.SRCALPHA
    assert alpha_at(pip, 0, 0) == 0
    centre = pip.get_at((20, 22))
    assert centre.a == 255
    assert (centre.r, centre.g, centre.b) == (200, 30, 40)


def test_the_four_pips_differ() -> None:
    assert len({fingerprint(suit_pip(suit, 24, (0, 0, 0))) for suit in Suit}) == 4


@pytest.mark.parametrize("width", (60, 120, 200))
def test_a_note_is_twice_as_wide_as_tall_and_each_value_differs(width: int) -> None:
    notes = [franc_note(value, width) for value in NOTE_VALUES]
    for note in notes:
        assert note.get_size() == (width, round(width / 2))
        assert note.get_flags() & pygame.SRCALPHA
        assert alpha_at(note, 0, 0) < 255
    assert len({fingerprint(note) for note in notes}) == len(NOTE_VALUES)
    middle = {tuple(note.get_at((width // 2, width // 4))) for note in notes}
    assert len(middle) > 1, "each value has its own colour"


def test_there_is_no_note_of_fifty_francs() -> None:
    with pytest.raises(ValueError, match="no 50-franc note"):
        franc_note(50, 100)


def test_a_dagger_lies_along_its_length_or_stands_upright() -> None:
    lying, standing = dagger(80), dagger(80, horizontal=False)
    assert lying.get_width() == 80 and lying.get_height() < 80
    assert standing.get_size() == (lying.get_height(), lying.get_width())
    assert lying.get_bounding_rect().width > 70


@pytest.mark.parametrize("badge", [director_badge, coup_badge])
def test_a_badge_is_a_square_emblem_on_a_clear_ground(badge: object) -> None:
    assert callable(badge)
    image = badge(48)
    assert image.get_size() == (48, 48)
    assert alpha_at(image, 0, 0) == 0
    assert alpha_at(image, 24, 24) == 255


def test_the_director_and_coup_badges_differ() -> None:
    assert fingerprint(director_badge(40)) != fingerprint(coup_badge(40))


def test_the_felt_fills_a_full_hd_window_and_is_cached() -> None:
    """(Its speed is measured by benchmarks/ui.py, not here: timed tests flake on busy CI.)"""
    felt.cache_clear()
    baize = felt((1920, 1080))
    assert baize.get_size() == (1920, 1080)
    assert felt((1920, 1080)) is baize


def test_the_felt_is_green_and_darker_at_the_edges() -> None:
    baize = felt((800, 600))
    centre, corner = baize.get_at((400, 300)), baize.get_at((3, 3))
    assert centre.g > centre.r and centre.g > centre.b
    assert sum(corner[:3]) < sum(centre[:3])


def test_the_board_plank_is_wood_with_rounded_corners() -> None:
    plank = board_plank((400, 180))
    assert plank.get_size() == (400, 180)
    assert plank.get_flags() & pygame.SRCALPHA
    assert alpha_at(plank, 0, 0) == 0
    middle = plank.get_at((200, 90))
    assert middle.a == 255 and middle.r > middle.g > middle.b
    assert board_plank((400, 180)) is plank


def test_the_art_needs_no_display_mode() -> None:
    assert pygame.display.get_surface() is None
    assert CardArt().face(Card.parse("JD"), 64).get_size() == (64, 90)


@pytest.mark.parametrize("back", CARD_BACKS)
def test_every_back_stands_out_from_the_baize(back: str) -> None:
    """A face-down card must not melt into the table: its ground colour is far from the
    baize's (the forest back was once nearly the baize's own green)."""
    from game.ui.art.backs import BACK_COLOURS
    from game.ui.art.table import BAIZE

    distance = sum((a - b) ** 2 for a, b in zip(BACK_COLOURS[back], BAIZE, strict=True)) ** 0.5
    assert distance >= 60
