"""Serving a model: what one replica does, and the cards traffic needs."""
