"""Generic views (DESIGN §3, §7): lazily computed highlight layers."""

from __future__ import annotations

from app.core.view import LazyLayers


def test_lazy_layers_know_their_names_without_computing() -> None:
    calls: list[int] = []

    def compute() -> dict[str, dict[tuple[int, int], str]]:
        calls.append(1)
        return {"vision": {(0, 0): "full"}, "vision_why": {(0, 0): "u1: in arc"}}

    layers = LazyLayers(("vision", "vision_why"), compute)
    assert sorted(layers) == ["vision", "vision_why"]
    assert len(layers) == 2
    assert "vision" in layers
    assert calls == []  # names, length and membership cost nothing
    assert layers["vision"] == {(0, 0): "full"}
    assert layers.get("vision_why") == {(0, 0): "u1: in arc"}
    assert layers.get("missing") is None
    assert calls == [1]  # computed once for every layer


def test_lazy_layers_equal_an_eager_mapping_with_the_same_contents() -> None:
    eager = {"vision": {(1, 2): "half"}}
    assert LazyLayers(("vision",), lambda: eager) == eager
    assert LazyLayers(("vision",), lambda: {"vision": {(1, 2): "full"}}) != eager
