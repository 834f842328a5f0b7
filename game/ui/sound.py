"""The table's sounds, synthesized in pure Python on first use: no sound files.

`synthesize` makes 16-bit mono samples; `Sounds` turns them into pygame sounds in whatever
format the mixer runs, and stays silent (never raises) when there is no audio device.
"""

from __future__ import annotations

import array
import math
import random
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pygame

SOUND_NAMES = ("card", "deal", "pay", "fanfare", "trick")

Samples = list[float]  # from -1.0 to 1.0


def synthesize(name: str, sample_rate: int = 44100) -> bytes:
    """The sound `name` as 16-bit signed mono PCM in the machine's byte order."""
    if name not in SYNTHS:
        raise ValueError(f"no sound {name!r}; the sounds are {', '.join(SOUND_NAMES)}")
    samples = _at_peak(SYNTHS[name](sample_rate), PEAKS[name])
    return array.array("h", (round(32767 * s) for s in samples)).tobytes()


# The building blocks.

def _noise(count: int, rng: random.Random) -> Iterator[float]:
    return (rng.uniform(-1.0, 1.0) for _ in range(count))


def _low_pass(samples: Samples, amount: float) -> Samples:
    """A one-pole filter: `amount` near 0 keeps only the rumble, near 1 nearly everything."""
    out, level = [], 0.0
    for sample in samples:
        level += amount * (sample - level)
        out.append(level)
    return out


def _high_pass(samples: Samples, amount: float) -> Samples:
    return [s - low for s, low in zip(samples, _low_pass(samples, amount), strict=True)]


def _mix_into(track: Samples, sound: Samples, start: int, gain: float = 1.0) -> None:
    for i, sample in enumerate(sound, start):
        if i >= len(track):
            break
        track[i] += gain * sample


def _at_peak(samples: Samples, peak: float) -> Samples:
    """The sound scaled so its loudest sample reaches `peak` (of full scale)."""
    loudest = max((abs(s) for s in samples), default=0.0)
    return [s * peak / loudest for s in samples] if loudest else samples


def _fade_edges(samples: Samples, sample_rate: int) -> Samples:
    """Two milliseconds of fade at each end, so no sound starts or stops with a click."""
    ramp = max(1, sample_rate // 500)
    for i in range(min(ramp, len(samples))):
        samples[i] *= i / ramp
        samples[-1 - i] *= i / ramp
    return samples


# The sounds.

def _flick(sample_rate: int, rng: random.Random, length: float = 0.08) -> Samples:
    """A card snapping onto the cloth: bright noise dying away in a few milliseconds."""
    count = round(sample_rate * length)
    decay = sample_rate * 0.012
    burst = [s * math.exp(-i / decay) for i, s in enumerate(_noise(count, rng))]
    body = _low_pass(burst, 0.35)
    snap = _high_pass(burst, 0.2)
    return _fade_edges([0.55 * b + 0.45 * s for b, s in zip(body, snap, strict=True)],
                       sample_rate)


def _card(sample_rate: int) -> Samples:
    return _flick(sample_rate, random.Random("card"))


def _deal(sample_rate: int) -> Samples:
    rng = random.Random("deal")
    gap = round(sample_rate * 0.085)
    track = [0.0] * (gap * 4 + round(sample_rate * 0.09))
    for flick in range(5):
        _mix_into(track, _flick(sample_rate, rng, 0.07), flick * gap + rng.randrange(gap // 6),
                  rng.uniform(0.6, 0.9))
    return _fade_edges(track, sample_rate)


def _chink(sample_rate: int, length: float) -> Samples:
    """A small metallic ring: a few out-of-tune partials, each dying at its own pace."""
    partials = ((2637.0, 0.5, 0.09), (3952.0, 0.3, 0.06), (5274.0, 0.2, 0.04),
                (7040.0, 0.12, 0.025))
    count = round(sample_rate * length)
    return [sum(level * math.exp(-t / decay) * math.sin(2 * math.pi * pitch * t)
                for pitch, level, decay in partials)
            for t in (i / sample_rate for i in range(count))]


def _pay(sample_rate: int) -> Samples:
    rng = random.Random("pay")
    track = [0.0] * round(sample_rate * 0.3)
    rustle = _high_pass(list(_noise(round(sample_rate * 0.16), rng)), 0.3)
    rustle = [s * 0.35 * math.sin(math.pi * i / len(rustle)) * (0.6 + 0.4 * math.sin(i / 90))
              for i, s in enumerate(rustle)]
    _mix_into(track, rustle, 0)
    _mix_into(track, _chink(sample_rate, 0.2), round(sample_rate * 0.05), 0.8)
    _mix_into(track, _chink(sample_rate, 0.15), round(sample_rate * 0.14), 0.5)
    return _fade_edges(track, sample_rate)


def _horn(sample_rate: int, pitch: float, length: float) -> Samples:
    """A brassy note: odd and even harmonics, a quick swell and a short tail."""
    count = round(sample_rate * length)
    attack, release = sample_rate * 0.02, sample_rate * 0.08
    out = []
    for i in range(count):
        t = i / sample_rate
        envelope = min(1.0, i / attack, (count - i) / release)
        vibrato = 1 + 0.004 * math.sin(2 * math.pi * 5.5 * t)
        phase = 2 * math.pi * pitch * vibrato * t
        out.append(envelope * (0.55 * math.sin(phase) + 0.25 * math.sin(2 * phase)
                               + 0.13 * math.sin(3 * phase) + 0.07 * math.sin(4 * phase)))
    return out


def _fanfare(sample_rate: int) -> Samples:
    """G, C and a held E: a short call to arms."""
    notes = ((392.0, 0.11), (523.25, 0.11), (659.25, 0.42))
    track: Samples = []
    for pitch, length in notes:
        track += _horn(sample_rate, pitch, length)
    return _fade_edges([0.7 * s for s in track], sample_rate)


def _trick(sample_rate: int) -> Samples:
    """Cards swept together: noise swelling and fading, its colour darkening as it goes."""
    rng = random.Random("trick")
    count = round(sample_rate * 0.26)
    out, level = [], 0.0
    for i, sample in enumerate(_noise(count, rng)):
        progress = i / count
        level += (0.25 - 0.2 * progress) * (sample - level)
        out.append(level * 0.9 * math.sin(math.pi * progress) ** 2)
    return _fade_edges(out, sample_rate)


SYNTHS: dict[str, Callable[[int], Samples]] = {
    "card": _card, "deal": _deal, "pay": _pay, "fanfare": _fanfare, "trick": _trick}
PEAKS = {"card": 0.55, "deal": 0.5, "pay": 0.45, "fanfare": 0.5, "trick": 0.45}


# Playing them.

class Sounds:
    """The game's sounds, made on first play. Silent when disabled or without audio.

    `enabled` is the player's choice; `volume` how loud every effect plays, from 0.0
    (silent) to 1.0 (as made); `available` says whether the mixer could start.
    """

    def __init__(self, enabled: bool = True, volume: float = 1.0) -> None:
        self.enabled = enabled
        self.volume = volume
        self._cache: dict[str, pygame.mixer.Sound] = {}
        self._made: dict[str, bytes] = {}  # made ahead, in the mixer's format
        self._making: threading.Thread | None = None
        self._mixer_ready: bool | None = None
        if enabled:
            self._start_mixer()

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, volume: float) -> None:
        self._volume = min(1.0, max(0.0, volume))

    @property
    def available(self) -> bool:
        return self._start_mixer()

    def preload(self) -> None:
        """Make every sound now (about a tenth of a second) rather than at its first play."""
        if self.enabled and self._start_mixer():
            for name in SOUND_NAMES:
                self._sound(name)

    def prepare(self) -> None:
        """Make every sound in a thread of its own, off the frames: made at its first play,
        a fanfare held that frame a tenth of a second. A sound played before it is ready
        is made then, as before."""
        init = pygame.mixer.get_init() if self.enabled and self._start_mixer() else None
        if init is None or self._making is not None:
            return
        self._making = threading.Thread(target=self._make_every_sound, args=(init,),
                                        name="sounds", daemon=True)
        self._making.start()

    def _make_every_sound(self, init: tuple[int, int, int]) -> None:
        try:
            for name in SOUND_NAMES:  # pure Python: no pygame in this thread
                if name not in self._made:
                    self._made[name] = _mixer_bytes(name, init)
        except Exception:
            return

    def play(self, name: str) -> None:
        if name not in SYNTHS:
            raise ValueError(f"no sound {name!r}; the sounds are {', '.join(SOUND_NAMES)}")
        if not self.enabled or self.volume == 0 or not self._start_mixer():
            return
        try:
            sound = self._sound(name)
            sound.set_volume(self.volume)  # before it starts: not a moment at full volume
            sound.play()
        except pygame.error:  # the device went away (or the mixer was shut down)
            self._mixer_ready = False

    def _start_mixer(self) -> bool:
        if self._mixer_ready is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
                self._mixer_ready = pygame.mixer.get_init() is not None
            except pygame.error:
                self._mixer_ready = False
        return self._mixer_ready

    def _sound(self, name: str) -> pygame.mixer.Sound:
        if name not in self._cache:
            made = self._made.get(name)
            self._cache[name] = pygame.mixer.Sound(
                buffer=made if made is not None else _mixer_bytes(name))
        return self._cache[name]


def _mixer_bytes(name: str, init: tuple[int, int, int] | None = None) -> bytes:
    """The sound in the mixer's own format (`init`, by default the mixer's as it runs):
    its rate, sample type and channel count."""
    init = init or pygame.mixer.get_init()
    if init is None:
        raise pygame.error("mixer not initialised")
    frequency, size, channels = init
    mono = array.array("h")
    mono.frombytes(synthesize(name, frequency))
    return convert(mono, size, channels)


def convert(mono: array.array[int], size: int, channels: int) -> bytes:
    """16-bit samples in the mixer's sample format, repeated on each of its channels.

    `size` is pygame's code for the format: -16 signed 16-bit, 16 unsigned, -8 and 8 for
    8-bit, 32 float and -32 signed 32-bit; always in the machine's byte order.
    """
    samples: array.array[Any]
    if size == -16:
        samples = mono
    elif size == 16:
        samples = array.array("H", (s + 32768 for s in mono))
    elif size == 8:
        samples = array.array("B", ((s >> 8) + 128 for s in mono))
    elif size == -8:
        samples = array.array("b", (s >> 8 for s in mono))
    elif size == 32:
        samples = array.array("f", (s / 32768 for s in mono))
    elif size == -32:
        samples = array.array("i", (s << 16 for s in mono))
    else:
        raise ValueError(f"unknown mixer sample size {size}")
    if channels > 1:
        samples = array.array(samples.typecode, (s for s in samples for _ in range(channels)))
    return samples.tobytes()
