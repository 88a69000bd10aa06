"""GPU Advisor: size, cost and plan GPU training capacity."""

__version__ = "0.1.0"
