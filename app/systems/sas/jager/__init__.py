"""Jäger (hunter) mode (§29): the hunter's deck and phase, his cards, markers and units, and the hunter bot."""
