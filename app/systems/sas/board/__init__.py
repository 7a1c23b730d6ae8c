"""Board and terrain: facing (§2), rooms and fire (§3.3), line of sight and visibility (§4), movement steps (§7.3)."""
