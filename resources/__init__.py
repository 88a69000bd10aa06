"""Data shipped with GPU Advisor (catalog, examples, translations, icons)."""
