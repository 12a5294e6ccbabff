"""solitaire engine."""
