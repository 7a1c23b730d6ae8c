"""Default factories of pydantic fields (app.core.defaults; DESIGN §10, start-up time)."""

from __future__ import annotations

import importlib
import inspect

from pydantic import BaseModel

from app.core.defaults import new_dict, new_list
from app.core.i18n import Text
from app.systems.sas.position import ActivationPosition

# The packages whose models are validated on the way to the first window of the default (SAS) mission.
START_PATH_MODULES = (
    "app.core.i18n",
    "app.scenario.boards_area",
    "app.scenario.boards_hex",
    "app.scenario.boards_tiled",
    "app.systems.sas.mission",
    "app.systems.sas.position",
    "app.systems.sas.tables",
    "app.systems.sas.tiles.board",
    "app.systems.sas.tiles.library",
)
BUILTIN_FACTORIES = (list, dict, set, tuple, frozenset)


def test_each_default_is_a_new_empty_container() -> None:
    first, second = new_list(), new_list()
    assert first == [] and first is not second
    assert new_dict() == {} and new_dict() is not new_dict()


def test_models_do_not_share_their_default_containers() -> None:
    a, b = Text(msg="a"), Text(msg="b")
    assert a.args == {} and a.args is not b.args and a.tr is not b.tr
    one = ActivationPosition(operator="x", ap=2)
    two = ActivationPosition(operator="y", ap=2)
    one.aimed.append("u1")
    assert two.aimed == [] and one.aimed == ["u1"]


def test_start_path_models_use_python_default_factories() -> None:
    """A builtin factory (``list``, ``dict``) makes pydantic parse its text signature at every schema build."""
    builtin = []
    for name in START_PATH_MODULES:
        module = importlib.import_module(name)
        for model in vars(module).values():
            if inspect.isclass(model) and issubclass(model, BaseModel) and model.__module__ == name:
                builtin += [
                    f"{name}.{model.__name__}.{field}"
                    for field, info in model.model_fields.items()
                    if info.default_factory in BUILTIN_FACTORIES
                ]
    assert builtin == []
