"""gpu_advisor.engine."""
