"""Pydantic v2 schemas: the project file, the catalog and the engine's results.

The model layer is the lowest layer: it imports nothing else from ``gpu_advisor``.
"""
