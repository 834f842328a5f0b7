"""The player's settings, kept as a small JSON object in the config folder.

Loading never fails: a missing file gives the defaults; a damaged one gives the defaults
and a sentence to show the player; a single setting that makes no sense falls back to its
own default and is named in that sentence. Unknown keys are ignored, so a newer file
still loads here. A file that could not all be read is never written over: saving keeps
it aside first (`settings.damaged-20261127-183000.json`, as the statistics do).

    {"animation_speed": "fast", "computer_pace": "normal", "card_back": "navy",
     "four_colour_suits": false, "sound": true, "volume": 70, "fullscreen": false,
     "window_size": [1280, 800], "chat_muted": false}

`volume` is the loudness of the sound effects, 0 to 100 (per cent); a file written before
it existed has none, and loads at full volume, as those effects played. `chat_muted`: the
whole chat of tables played with friends is muted at this screen, at every table (chosen
with the chat's Mute…; a file without it hears the chat).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game.system import files, paths

ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
COMPUTER_PACES = ("fast", "normal", "slow")
CARD_BACKS = ("bordeaux", "navy", "forest")

ANIMATION_SCALE = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.8}
COMPUTER_DELAY = {"fast": 0.15, "normal": 0.5, "slow": 1.1}  # seconds between computer moves
VOLUME_RANGE = (0, 100)  # the sound effects' volume, in per cent
WINDOW_SIDE = (320, 16384)  # the smallest and largest window side accepted, in pixels
LARGEST_WINDOW = (3840, 2160)
"""The largest window opened where the desktop's size is not known (`fitted_window`)."""
KEPT_ASIDE = "(the file is kept aside before a change is saved)"  # ends every notice


@dataclass(frozen=True)
class Settings:
    animation_speed: str = "normal"
    computer_pace: str = "normal"
    card_back: str = "bordeaux"
    four_colour_suits: bool = False
    sound: bool = True
    volume: int = 100
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 800)
    chat_muted: bool = False

    def __post_init__(self) -> None:
        """Refuse a value of the wrong kind (`ValueError` naming the setting); a window
        size out of range is brought into it, as a window can be dragged to any size."""
        parsers = {**_PARSERS, "window_size": _clamped_window_size}
        for name, parse in parsers.items():
            try:
                object.__setattr__(self, name, parse(getattr(self, name)))
            except ValueError:
                raise ValueError(f"{_label(name)}: {getattr(self, name)!r}") from None

    def animation_seconds(self, base: float) -> float:
        """How long an animation of `base` seconds at normal speed lasts at this speed."""
        return base * ANIMATION_SCALE[self.animation_speed]

    def computer_delay(self) -> float:
        """Seconds to wait before each computer move."""
        return COMPUTER_DELAY[self.computer_pace]

    def effects_volume(self) -> float:
        """The sound effects' loudness, from 0.0 (silent) to 1.0 (as made)."""
        return self.volume / VOLUME_RANGE[1]

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        return data


@dataclass(frozen=True)
class Loaded:
    settings: Settings
    notice: str | None = None  # for the player, when something in the file was not used


def load(path: Path | None = None) -> Loaded:
    """The settings in `path` (default: the player's settings file). Never raises."""
    path = paths.settings_path() if path is None else path
    try:
        data = files.read_json(path, what="the settings")
    except files.Missing:
        return Loaded(Settings())
    except files.Unreadable:  # a folder or a pipe in the way, no permission, not UTF-8
        return Loaded(Settings(), f"Your settings file ({path}) could not be read, "
                                  f"so the default settings are in use {KEPT_ASIDE}.")
    except files.Malformed:
        data = None
    if not isinstance(data, Mapping):
        return Loaded(Settings(), "Your settings file was damaged, "
                                  f"so the default settings are in use {KEPT_ASIDE}.")
    return from_json(data)


def from_json(data: Mapping[str, Any]) -> Loaded:
    """Settings from a JSON object: each setting that makes no sense takes its default."""
    values: dict[str, Any] = {}
    refused: list[str] = []
    for name, parse in _PARSERS.items():
        if name in data:
            try:
                values[name] = parse(data[name])
            except ValueError:
                refused.append(_label(name))
    return Loaded(Settings(**values), _refused_notice(refused))


def save(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically, the file they replace first kept aside if it could
    not all be read; `OSError` if the folder cannot be written (nor the file kept)."""
    path = paths.settings_path() if path is None else path
    if load(path).notice is not None:
        files.keep_aside(path, "damaged")
    files.write_atomically(path, json.dumps(settings.to_json(), indent=2) + "\n")


def _refused_notice(labels: list[str]) -> str | None:
    if not labels:
        return None
    if len(labels) == 1:
        return (f"The setting “{labels[0]}” was not understood, so its default is in use "
                f"{KEPT_ASIDE}.")
    named = ", ".join(f"“{label}”" for label in labels)
    return f"The settings {named} were not understood, so their defaults are in use {KEPT_ASIDE}."


def _label(name: str) -> str:
    return name.replace("_", " ")


def _choice(allowed: tuple[str, ...]) -> Callable[[object], str]:
    def parse(raw: object) -> str:
        if isinstance(raw, str) and raw in allowed:
            return raw
        raise ValueError(raw)

    return parse


def _flag(raw: object) -> bool:
    if isinstance(raw, bool):
        return raw
    raise ValueError(raw)


def _volume(raw: object) -> int:
    """A volume: a whole number within VOLUME_RANGE (not a flag, not a fraction)."""
    low, high = VOLUME_RANGE
    if type(raw) is int and low <= raw <= high:
        return raw
    raise ValueError(raw)


def _window_size(raw: object) -> tuple[int, int]:
    """A window size from the file: two whole numbers of pixels within WINDOW_SIDE."""
    size = _clamped_window_size(raw)
    if not isinstance(raw, list | tuple) or tuple(raw) != size:  # out of range
        raise ValueError(raw)
    return size


def _clamped_window_size(raw: object) -> tuple[int, int]:
    if not (isinstance(raw, list | tuple) and len(raw) == 2):
        raise ValueError(raw)
    if not all(type(side) is int for side in raw):
        raise ValueError(raw)
    low, high = WINDOW_SIDE
    width, height = (min(max(side, low), high) for side in raw)
    return (width, height)


def fitted_window(size: tuple[int, int], largest: tuple[int, int]) -> tuple[int, int]:
    """The window to open for `size`: no larger than `largest` (the desktop), whatever the
    settings file or the command line asked, and no smaller than the smallest side."""
    low = WINDOW_SIDE[0]

    def fit(side: int, most: int) -> int:
        return min(max(side, low), max(most, low))

    return fit(size[0], largest[0]), fit(size[1], largest[1])


_PARSERS: dict[str, Callable[[object], Any]] = {
    "animation_speed": _choice(ANIMATION_SPEEDS),
    "computer_pace": _choice(COMPUTER_PACES),
    "card_back": _choice(CARD_BACKS),
    "four_colour_suits": _flag,
    "sound": _flag,
    "volume": _volume,
    "fullscreen": _flag,
    "window_size": _window_size,
    "chat_muted": _flag,
}
