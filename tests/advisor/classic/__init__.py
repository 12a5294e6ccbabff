"""Tests of the classic advisor."""
