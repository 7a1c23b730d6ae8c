"""Attacks and their dice: ranged, knife and Axis attacks, cover and damage (§8, §11, §16), blasts (§20, §22), the
rabbit's foot at the moment of a roll (§21)."""
