"""How big the job is: model shape, memory per card for the framework the team runs, compute (model FLOPs, MFU, GPU-hours and their range), the network's scaling efficiency, and the sizing's advice and "why?" explanations.

Modules: ``shape``, ``memory``, ``compute`` and ``network`` hold the formulas;
``core`` (memory per card, minimum cards, MFU, GPU-hours on one GPU model),
``scaling`` (efficiency and days on many cards) and ``network_choice`` (which
inter-node class) apply them to a workload; ``size`` (entry point
``size_workload``) chooses the card count and assembles the result; ``advice``
words its warnings and ``explain`` its "why?" explanations.
"""
