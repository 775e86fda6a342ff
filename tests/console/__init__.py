"""Tests of the player console's server (handlers/console)."""
