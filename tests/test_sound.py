"""The sounds: synthesized samples of the right length, and a player that never fails."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import array
from typing import ClassVar

import pygame
import pytest

from game.ui import sound
from game.ui.sound import SOUND_NAMES, Sounds, convert, synthesize

# The length each sound should have, in seconds: (at least, at most).
LENGTHS = {"card": (0.05, 0.15), "deal": (0.2, 0.8), "pay": (0.1, 0.6), "fanfare": (0.4, 1.2),
           "trick": (0.15, 0.5)}


def samples(data: bytes) -> array.array[int]:
    decoded = array.array("h")
    decoded.frombytes(data)
    return decoded


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_each_sound_is_16_bit_mono_of_a_plausible_length(name: str) -> None:
    data = synthesize(name)
    assert len(data) % 2 == 0
    shortest, longest = LENGTHS[name]
    assert shortest * 44100 <= len(data) // 2 <= longest * 44100


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_each_sound_is_audible_without_clipping_and_starts_and_ends_quietly(name: str) -> None:
    decoded = samples(synthesize(name))
    peak = max(abs(s) for s in decoded)
    assert 3000 < peak < 32000
    assert abs(decoded[0]) < 200 and abs(decoded[-1]) < 200


def test_the_length_follows_the_sample_rate() -> None:
    full, half = len(synthesize("fanfare", 44100)), len(synthesize("fanfare", 22050))
    assert abs(full - 2 * half) <= 8


def test_the_sounds_differ_from_one_another() -> None:
    assert len({synthesize(name) for name in SOUND_NAMES}) == len(SOUND_NAMES)


def test_an_unknown_sound_is_refused() -> None:
    with pytest.raises(ValueError, match="no sound 'bell'"):
        synthesize("bell")
    with pytest.raises(ValueError, match="no sound 'bell'"):
        Sounds(enabled=False).play("bell")


class PlayCounter:
    """Stands in for pygame.mixer.Sound and counts the plays."""

    made: ClassVar[list[PlayCounter]] = []

    def __init__(self, buffer: bytes) -> None:
        self.buffer = buffer
        self.plays = 0
        PlayCounter.made.append(self)

    def set_volume(self, volume: float) -> None:
        pass

    def play(self) -> None:
        self.plays += 1


@pytest.fixture
def counter(monkeypatch: pytest.MonkeyPatch) -> type[PlayCounter]:
    PlayCounter.made = []
    monkeypatch.setattr(sound.pygame.mixer, "Sound", PlayCounter)
    return PlayCounter


def test_disabled_sounds_play_nothing(counter: type[PlayCounter]) -> None:
    sounds = Sounds(enabled=False)
    for name in SOUND_NAMES:
        sounds.play(name)
    assert counter.made == []


def test_sounds_are_made_once_and_played_each_time(counter: type[PlayCounter]) -> None:
    sounds = Sounds()
    if not sounds.available:
        pytest.skip("no mixer even with the dummy audio driver")
    sounds.play("card")
    sounds.play("card")
    sounds.enabled = False
    sounds.play("card")
    assert len(counter.made) == 1
    assert counter.made[0].plays == 2


def test_a_sound_is_built_in_the_mixers_format(counter: type[PlayCounter]) -> None:
    sounds = Sounds()
    if not sounds.available:
        pytest.skip("no mixer even with the dummy audio driver")
    sounds.play("fanfare")
    init = pygame.mixer.get_init()
    assert init is not None
    frequency, size, channels = init
    frames = len(counter.made[0].buffer) // (abs(size) // 8 * channels)
    assert frames == len(synthesize("fanfare", frequency)) // 2


def test_a_real_mixer_plays_under_the_dummy_driver_or_stays_silent() -> None:
    sounds = Sounds()
    sounds.preload()
    for name in SOUND_NAMES:
        sounds.play(name)
    assert sounds.available == (pygame.mixer.get_init() is not None)


def test_without_an_audio_device_sounds_are_silently_disabled(
        monkeypatch: pytest.MonkeyPatch, counter: type[PlayCounter]) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(sound.pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(sound.pygame.mixer, "init", no_device)
    sounds = Sounds()
    sounds.play("deal")
    assert not sounds.available
    assert sounds.enabled, "the player's choice is kept for when a device appears"
    assert counter.made == []


@pytest.mark.parametrize(("size", "channels", "bytes_per_sample"),
                         [(-16, 1, 2), (-16, 2, 2), (16, 2, 2), (8, 1, 1), (-8, 2, 1),
                          (32, 2, 4), (-32, 6, 4)])
def test_samples_convert_to_every_mixer_format(size: int, channels: int,
                                               bytes_per_sample: int) -> None:
    mono = array.array("h", [0, 16384, -16384, 32767, -32768])
    data = convert(mono, size, channels)
    assert len(data) == len(mono) * channels * bytes_per_sample


def test_float_samples_keep_their_value() -> None:
    data = array.array("f")
    data.frombytes(convert(array.array("h", [16384, -32768]), 32, 2))
    assert list(data) == [0.5, 0.5, -1.0, -1.0]
