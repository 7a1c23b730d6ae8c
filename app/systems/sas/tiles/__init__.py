"""SAS's geomorphic map tiles (SAS-BRD, SAS-TER): the tile-library format, its checks, the SAS board spec and the
tile editor's model.

The board assembly itself is generic (:mod:`app.scenario.boards_tiled`); this package owns what an SAS tile
looks like: the terrain legend, walls, doors and windows on square sides, and the printed marks (sentry
points, patrol lines, guard and officer positions, spawn spots).
"""
