"""classic engine."""
