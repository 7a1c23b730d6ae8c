"""The automated Axis: being seen and heard, the meter and the alarm (§9, §10, §12), the Advance, Event, Patrol and
Attack phases (§13, §14, §15, §16), the event deck (§14.3), special infantry and blast attackers (§19)."""
