"""Board geometry (DESIGN §5): square/hex/area topologies, tiles, paths and line of sight.

The only package allowed to import shapely; no Qt here.
"""
