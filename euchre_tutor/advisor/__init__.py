"""advisor layer."""
