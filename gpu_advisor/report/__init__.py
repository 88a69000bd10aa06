"""gpu_advisor.report."""
