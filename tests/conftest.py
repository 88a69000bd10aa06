import os

from hypothesis import settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# CI runs the property tests with a fixed seed, so a landing never depends on
# luck; developers' runs stay random and find new cases. No example database:
# tests never write into the checkout.
settings.register_profile("ci", derandomize=True, database=None)
settings.register_profile("dev", database=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
