"""gpu_advisor.ui."""
