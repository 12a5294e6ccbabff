"""Classic Euchre's advisor: sampled worlds with inference, a double-dummy solver, expected points and reasons."""
