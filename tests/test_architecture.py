"""The arrows of docs/ARCHITECTURE.md, read from the source: each layer imports only the
layers below it, nothing below the screens imports pygame, no two modules import each
other round a circle, and each game is known by its id only in its own packages."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from import_graph import cycles, external_imports, imports, module_files

from game.games import GAMES
from game.games.plugin import Game

ROOT = Path(__file__).resolve().parent.parent

GAME_PARTS = {"cli": "entry", "table": "ui", "services": "services", "ai": "ai",
              "formats": "formats", "rules": "rules"}
"""A game's folder (game/games/NAME/) holds a part of each layer, each in the sub-package
of this name; the folder's own module (its entry in the registry) is in the games layer."""

LAYERS = (  # top to bottom: (layer, the module prefixes in it)
    ("entry", ("game.__main__", "game.cli")),
    ("ui", ("game.ui",)),
    ("net", ("game.net",)),
    ("services", ("game.services",)),
    ("ai", ("game.ai",)),
    ("formats", ("game.formats",)),
    ("games", ("game.games",)),
    ("rules", ("game.rules",)),
    ("engine", ("game.engine.match", "game.engine.saves", "game.engine.follower",
                "game.engine.tables")),
    ("kernel", ("game.engine",)),
    ("bottom", ("game.cards", "game.system", "game")),
)
WINDOWED = ("entry", "ui")  # the only layers that may import pygame
PROGRAM_NAMES = {"APP_NAME", "APP_ID", "PROGRAM"}  # the program is called as its first game


def game_of(module: str) -> str | None:
    """The game folder a module belongs to (`game.games.coup`), if any."""
    parts = module.split(".")
    if parts[:2] == ["game", "games"] and len(parts) >= 3 and parts[2] in GAME_FOLDERS:
        return ".".join(parts[:3])
    return None


def layer_of(module: str) -> int:
    folder = game_of(module)
    if folder is not None and module != folder:
        part = module.split(".")[3]
        assert part in GAME_PARTS, f"{module} is in no part of its game's folder"
        return [name for name, _ in LAYERS].index(GAME_PARTS[part])
    for depth, (_, prefixes) in enumerate(LAYERS):
        if any(module == prefix or module.startswith(prefix + ".") for prefix in prefixes):
            return depth
    raise AssertionError(f"{module} is in no layer")


GAME_FOLDERS = {path.name for path in (ROOT / "game" / "games").iterdir()
                if (path / "__init__.py").is_file()}
GRAPH = imports(ROOT)


def test_every_arrow_points_down_or_across() -> None:
    upward = [f"{module} ({LAYERS[layer_of(module)][0]}) -> {target} "
              f"({LAYERS[layer_of(target)][0]})"
              for module, targets in GRAPH.items() for target in sorted(targets)
              if layer_of(target) < layer_of(module)]
    assert upward == []


def test_the_rules_import_only_the_engine_kernel() -> None:
    """The shared rules' and each game's: no engine beyond its kernel, no files, no screen."""
    beyond = [f"{module} -> {target}" for module, targets in GRAPH.items()
              if LAYERS[layer_of(module)][0] == "rules" for target in targets
              if LAYERS[layer_of(target)][0] not in ("rules", "kernel", "bottom")
              or target.startswith("game.system")]
    assert beyond == []


def test_every_game_is_one_folder_with_a_part_in_each_layer() -> None:
    """Each game of the registry lives in its own folder (game/games/NAME/), which holds
    its rules at least; nothing of a game lies outside it."""
    for game in GAMES.values():
        assert len(game.packages) == 1 and game_of(game.packages[0]) == game.packages[0]
        assert f"{game.packages[0]}.rules" in {module.rsplit(".", 1)[0] for module in GRAPH}
    folders = {game.packages[0] for game in GAMES.values()}
    assert folders == {f"game.games.{name}" for name in GAME_FOLDERS}


def test_shared_code_never_imports_a_game() -> None:
    """Shared code asks the registry; only the registry imports a game's folder (and a game
    may build on another's rules: the game for two on the 1966 charts)."""
    reaching = [f"{module} -> {target}" for module, targets in GRAPH.items()
                for target in targets
                if game_of(target) is not None and game_of(module) is None
                and module != "game.games"]
    assert reaching == []


def test_nothing_below_the_screens_imports_pygame() -> None:
    windowed = [module for module, names in external_imports(ROOT).items()
                if names & {"pygame", "pygame_gui"}
                and LAYERS[layer_of(module)][0] not in WINDOWED]
    assert windowed == []


def test_no_import_circle() -> None:
    assert cycles(GRAPH) == []


def test_no_import_circle_even_among_the_type_hints() -> None:
    """Imports under `if TYPE_CHECKING:` never run, but a circle of them is a circle all
    the same: none of its modules can be read without the others."""
    assert cycles(imports(ROOT, types=True)) == []


def test_the_graph_reader_sees_the_type_hints_only_when_asked(tmp_path: Path) -> None:
    package = tmp_path / "game"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from typing import TYPE_CHECKING\n"
                                  "if TYPE_CHECKING:\n    from game import b\n")
    (package / "b.py").write_text("from game import a\n")
    assert cycles(imports(tmp_path)) == []
    assert cycles(imports(tmp_path, types=True)) == [["game.a", "game.b"]]


def test_the_graph_reader_finds_a_circle_and_an_upward_arrow() -> None:
    """The reader is not blind: a made-up circle is found, and the real graph has arrows
    from the screens down to the rules."""
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert "game.engine.match" in GRAPH["game.services.session"]


def _id_literals(path: Path, ids: set[str]) -> set[str]:
    """The game ids a module writes as string literals, except as the program's name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    allowed = {id(node.value) for node in ast.walk(tree)
               if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
               and any(isinstance(target, ast.Name) and target.id in PROGRAM_NAMES
                       for target in node.targets)}
    return {node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and node.value in ids and id(node) not in allowed}


def _owned_by(module: str, game: Game) -> bool:
    return any(module == package or module.startswith(package + ".")
               for package in game.packages)


def test_only_a_games_own_packages_name_its_id() -> None:
    """A game's id is written only in its own packages. An id that is also a plain word of
    the games ("coup": an attempt on the Director, a FORMAT.md verb) may be that word inside
    any game's packages, but shared code never writes it."""
    ids = set(GAMES)
    strays = {}
    for module, path in module_files(ROOT).items():
        named = {game_id for game_id in _id_literals(path, ids)
                 if not _owned_by(module, GAMES[game_id])
                 and not (_is_word(game_id) and _in_a_game(module))}
        if named:
            strays[module] = sorted(named)
    assert strays == {}


def _is_word(game_id: str) -> bool:
    return game_id.isalpha()


def _in_a_game(module: str) -> bool:
    return any(_owned_by(module, game) for game in GAMES.values())


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_reference_of_a_game_loads_from_its_own_packages(game_id: str) -> None:
    game = GAMES[game_id]
    for what, ref in game.refs().items():
        assert _owned_by(ref.module, game), f"{game_id} {what}: {ref.path} is not its own"
        assert ref.load() is not None, f"{game_id} {what}: {ref.path}"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_game_offers_a_player_at_every_level(game_id: str) -> None:
    from game.ai.levels import LEVELS

    assert set(GAMES[game_id].players) == set(LEVELS)
