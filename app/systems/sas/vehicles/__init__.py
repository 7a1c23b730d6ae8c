"""Vehicles: Axis vehicles (§18; Heavy Metal §27: shape, motion, roles, cargo, breakdown) and operator vehicles
(§23)."""
