"""The operators: the Operator phase and its actions (§7, §8), Mark (§8.4), items (§21), the rabbit's foot (§21),
scuba gear and Nancy's disguise (§25)."""
