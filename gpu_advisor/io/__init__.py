"""gpu_advisor.io."""
