"""Air and support (§24, Fearless §26): the airspace, the Hawker Typhoon and the fire of anti-aircraft guns."""
